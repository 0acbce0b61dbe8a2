import type { ReportReason } from "../../../common/moderation";
import type {
  AdminAppealJson,
  AdminAppealsResponse,
  AppealJson,
  MyAppealsResponse,
} from "../../../common/schemas/appeals";
import type { AdminAppealRow, MyActionRow } from "../../db/queries/appeals/appeal-reads";
import { appealUntil } from "../../domain/appeals/appeal-action";
import { usd } from "../../lib/money";

// Appeals as the API speaks them (common/schemas/appeals.ts, docs/decisions/092).

type AppealFields = Pick<AdminAppealRow, "id" | "text" | "status" | "decisionNote" | "createdAt" | "decidedAt">;

export const appealJson = (a: AppealFields): AppealJson => ({
  id: a.id,
  text: a.text,
  status: a.status,
  decision_note: a.decisionNote,
  created_at: a.createdAt,
  decided_at: a.decidedAt,
});

/** `now` decides whether the window is still open. */
export function myAppealsJson(rows: MyActionRow[], now: string): MyAppealsResponse {
  return {
    actions: rows.map((r) => {
      const until = appealUntil(r.actedAt);
      const inForce = Boolean(r.inForce);
      return {
        action_id: r.actionId,
        action: r.action,
        content_id: r.contentId,
        title: r.title,
        comment: r.commentId ? { id: r.commentId, text: r.commentText ?? "" } : null,
        note: r.note,
        acted_at: r.actedAt,
        in_force: inForce,
        appeal_until: until,
        can_appeal: inForce && !r.appealId && now <= until,
        appeal: r.appealId
          ? appealJson({
              id: r.appealId,
              text: r.text!,
              status: r.status!,
              decisionNote: r.decisionNote ?? "",
              createdAt: r.appealedAt!,
              decidedAt: r.decidedAt,
            })
          : null,
      };
    }),
  };
}

type Report = AdminAppealJson["reports"][number];

export const adminAppealJson = (r: AdminAppealRow): AdminAppealJson => ({
  ...appealJson(r),
  decided_by_email: r.decidedByEmail,
  member: { id: r.userId, name: r.userName, email: r.userEmail, suspended: Boolean(r.userSuspended) },
  action: {
    id: r.actionId,
    action: r.action,
    note: r.actionNote,
    actor_email: r.actorEmail ?? "(deleted user)",
    acted_at: r.actedAt,
    content:
      r.action !== "suspend" && r.contentId
        ? {
            id: r.contentId,
            title: r.title ?? "",
            removed: Boolean(r.contentRemoved),
            deleted: Boolean(r.contentDeleted),
          }
        : null,
    comment:
      r.action === "comment_takedown"
        ? {
            id: r.entityId,
            text: r.commentText ?? "",
            removed: Boolean(r.commentRemoved),
            deleted: Boolean(r.commentDeleted),
          }
        : null,
  },
  reports: (JSON.parse(r.reports ?? "[]") as Report[]).map((x) => ({ ...x, reason: x.reason as ReportReason })),
  give_back_usd: usd(r.giveBackMicros),
});

export const adminAppealsJson = (rows: AdminAppealRow[]): AdminAppealsResponse => ({
  appeals: rows.map(adminAppealJson),
});
