import { Hono } from "hono";
import { z } from "zod";
import type { AppEnv } from "../../app-env";
import { listManualBonuses } from "../../db/queries/admin-money-lists";
import { createManualBonus, deleteManualBonus, updateManualBonus } from "../../domain/admin/manual-credits";
import { descriptionInput, usdInput, userIdInput } from "../../domain/admin/money-input";
import { overrideField, overrideQuery } from "../../domain/admin/paid-out-credit";
import { ID_PATTERN } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { bonusAwardJson } from "../serializers/bonus";
import { adminContext } from "./admin-context";

const amount = usdInput("total_bonus_amount", { step: 0.01 });
const createBody = z.object({ user_id: userIdInput, total_bonus_amount: amount, description: descriptionInput });
const changeBody = z.object({ total_bonus_amount: amount, override: overrideField });

/**
 * Admin: manual bonuses at /admin/bonuses (docs/product-spec.md §5 "Manual bonus"); awarded at once, so they
 * count in the viewer balance. The review of held sign-on bonuses, /admin/bonuses/{id}/review, is
 * sign-on-bonuses.ts: another record under the same prefix.
 */
export const adminManualBonusRoutes = new Hono<AppEnv>()
  .get("/bonuses", async (c) => {
    const rows = await listManualBonuses(c.get("db"));
    return c.json(rows.map((r) => bonusAwardJson(r.bonus, r.email)), 200);
  })
  .post("/bonuses", validate("json", createBody), async (c) => {
    const b = c.req.valid("json");
    const input = { userId: b.user_id, amountMicros: b.total_bonus_amount, description: b.description };
    const { row, email } = await createManualBonus({ ctx: adminContext(c), input });
    return c.json(bonusAwardJson(row, email), 201);
  })
  // Lowering or deleting a bonus that payments already drew on needs `override` (docs/decisions/017).
  .patch(`/bonuses/:id${ID_PATTERN}`, validate("json", changeBody), async (c) => {
    const { total_bonus_amount, override } = c.req.valid("json");
    const input = { id: c.req.param("id"), amountMicros: total_bonus_amount, override };
    const { row, email } = await updateManualBonus({ ctx: adminContext(c), input });
    return c.json(bonusAwardJson(row, email), 200);
  })
  .delete(`/bonuses/:id${ID_PATTERN}`, validate("query", overrideQuery), async (c) => {
    await deleteManualBonus({ ctx: adminContext(c), input: { id: c.req.param("id"), override: c.req.valid("query").override } });
    return c.json({ ok: true }, 200);
  });
