import { Hono } from "hono";
import {
  deletedOut,
  manualCreditDeleteQuery,
  manualEarningChangeBody,
  manualEarningCreateBody,
  manualEarningOut,
  manualEarningsOut,
  type DeletedResponse,
} from "../../../common/schemas/admin-money";
import type { AppEnv } from "../../app-env";
import { listManualEarnings } from "../../domain/admin/admin-lists";
import { createManualEarning, deleteManualEarning, updateManualEarning } from "../../domain/admin/manual-credits";
import { ID_PATTERN } from "../../lib/ids";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { manualEarningJson, manualEarningsJson } from "../serializers/manual-earning";
import { adminContext } from "./admin-context";

/**
 * Admin: manual earnings at /admin/earnings (docs/product-spec.md §5 "Manual earning"). View rewards are
 * the earnings job's records and never edited by hand; the earnings calendar is earnings-calendar.ts.
 */
export const adminManualEarningRoutes = new Hono<AppEnv>()
  .get(
    "/earnings",
    responds("List manual earnings", {
      200: { description: "Every manual earning, newest first, with its creator's email.", schema: manualEarningsOut },
    }),
    async (c) => c.json(manualEarningsJson(await listManualEarnings({ ctx: adminContext(c), input: {} })), 200),
  )
  .post(
    "/earnings",
    responds("Credit a manual earning", {
      201: { description: "The earning, credited at once (audited).", schema: manualEarningOut },
    }),
    validate("json", manualEarningCreateBody),
    async (c) => {
      const b = c.req.valid("json");
      const input = { userId: b.user_id, amountMicros: b.amount_usd, description: b.description };
      const { row, email } = await createManualEarning({ ctx: adminContext(c), input });
      return c.json(manualEarningJson(row, email), 201);
    },
  )
  // Lowering or deleting an earning that payments already drew on needs `override` (docs/decisions/017).
  .patch(
    `/earnings/:id${ID_PATTERN}`,
    responds(
      "Change a manual earning's amount",
      { 200: { description: "The earning with its new amount (audited).", schema: manualEarningOut } },
      "Lowering an earning that payments already drew on needs `override: true` (docs/decisions/017).",
    ),
    validate("json", manualEarningChangeBody),
    async (c) => {
      const { amount_usd, override } = c.req.valid("json");
      const input = { id: c.req.param("id"), amountMicros: amount_usd, override };
      const { row, email } = await updateManualEarning({ ctx: adminContext(c), input });
      return c.json(manualEarningJson(row, email), 200);
    },
  )
  .delete(
    `/earnings/:id${ID_PATTERN}`,
    responds(
      "Delete a manual earning",
      { 200: { description: "The earning is gone (the audit log keeps it).", schema: deletedOut } },
      "Deleting an earning that payments already drew on needs `?override=true` (docs/decisions/017).",
    ),
    validate("query", manualCreditDeleteQuery),
    async (c) => {
      await deleteManualEarning({
        ctx: adminContext(c),
        input: { id: c.req.param("id"), override: c.req.valid("query").override },
      });
      return c.json({ ok: true } satisfies DeletedResponse, 200);
    },
  );
