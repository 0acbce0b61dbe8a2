import { Hono } from "hono";
import {
  deletedOut,
  manualBonusChangeBody,
  manualBonusCreateBody,
  manualBonusesOut,
  manualCreditDeleteQuery,
  type DeletedResponse,
} from "../../../common/schemas/admin-money";
import { bonusAwardOut } from "../../../common/schemas/challenges";
import type { AppEnv } from "../../app-env";
import { listManualBonuses } from "../../domain/admin/admin-lists";
import { createManualBonus, deleteManualBonus, updateManualBonus } from "../../domain/admin/manual-credits";
import { ID_PATTERN } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { bonusAwardJson, bonusAwardsJson } from "../serializers/bonus";
import { adminContext } from "./admin-context";

/**
 * Admin: manual bonuses at /admin/bonuses (docs/product-spec.md §5 "Manual bonus"); awarded at once, so they
 * count in the viewer balance. The review of held sign-on bonuses, /admin/bonuses/{id}/review, is
 * bonuses-review.ts: another record under the same prefix.
 */
export const adminManualBonusRoutes = new Hono<AppEnv>()
  .get(
    "/bonuses",
    responds("List manual bonuses", {
      200: { description: "Every manual bonus, newest first, with its member's email.", schema: manualBonusesOut },
    }),
    async (c) => c.json(bonusAwardsJson(await listManualBonuses({ ctx: adminContext(c), input: {} })), 200),
  )
  .post(
    "/bonuses",
    responds("Award a manual bonus", {
      201: { description: "The bonus, awarded at once (audited).", schema: bonusAwardOut },
    }),
    validate("json", manualBonusCreateBody),
    async (c) => {
      const b = c.req.valid("json");
      const input = { userId: b.user_id, amountMicros: b.total_bonus_amount, description: b.description };
      const { row, email } = await createManualBonus({ ctx: adminContext(c), input });
      return c.json(bonusAwardJson(row, email), 201);
    },
  )
  // Lowering or deleting a bonus that payments already drew on needs `override` (docs/decisions/017).
  .patch(
    `/bonuses/:id${ID_PATTERN}`,
    responds(
      "Change a manual bonus's amount",
      { 200: { description: "The bonus with its new amount (audited).", schema: bonusAwardOut } },
      "Lowering a bonus that payments already drew on needs `override: true` (docs/decisions/017).",
    ),
    validate("json", manualBonusChangeBody),
    async (c) => {
      const { total_bonus_amount, override } = c.req.valid("json");
      const input = { id: c.req.param("id"), amountMicros: total_bonus_amount, override };
      const { row, email } = await updateManualBonus({ ctx: adminContext(c), input });
      return c.json(bonusAwardJson(row, email), 200);
    },
  )
  .delete(
    `/bonuses/:id${ID_PATTERN}`,
    responds(
      "Delete a manual bonus",
      { 200: { description: "The bonus is gone (the audit log keeps it).", schema: deletedOut } },
      "Deleting a bonus that payments already drew on needs `?override=true` (docs/decisions/017).",
    ),
    validate("query", manualCreditDeleteQuery),
    async (c) => {
      await deleteManualBonus({
        ctx: adminContext(c),
        input: { id: c.req.param("id"), override: c.req.valid("query").override },
      });
      return c.json({ ok: true } satisfies DeletedResponse, 200);
    },
  );
