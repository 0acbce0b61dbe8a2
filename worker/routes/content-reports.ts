import { Hono } from "hono";
import { contentReportBody, contentReportOut, type ContentReportJson } from "../../common/schemas/moderation";
import type { SignedInEnv } from "../app-env";
import { reportContent } from "../domain/moderation/report-content";
import { ID_PATTERN } from "../lib/ids";
import { validate } from "../lib/validate";
import { reportLimit } from "../middleware/rate-limit";
import { responds } from "../openapi/responds";
import { contentReportJson } from "./serializers/moderation";

/**
 * Signed-in members in good standing: report an item to the moderators (docs/decisions/027). 201 for a new
 * report, 200 when it updated the caller's open report of the item. Only well-formed reports count against
 * the hourly limit.
 */
export const contentReportRoutes = new Hono<SignedInEnv>().post(
  `/content/:id${ID_PATTERN}/report`,
  responds(
    "Report an item",
    {
      201: { description: "The caller's new report of the item.", schema: contentReportOut },
      200: {
        description: "The caller's open report of the item, updated with this reason and note.",
        schema: contentReportOut,
      },
    },
    "One open report per member and item; only well-formed reports count against the hourly limit (429).",
  ),
  validate("json", contentReportBody),
  reportLimit,
  async (c) => {
    const { report, created } = await reportContent({
      ctx: { db: c.get("db"), actor: c.get("user") },
      input: { contentId: c.req.param("id"), ...c.req.valid("json") },
    });
    return c.json(contentReportJson(report) satisfies ContentReportJson, created ? 201 : 200);
  },
);
