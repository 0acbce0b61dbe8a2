import type { ReportReason } from "../../../../common/moderation";
import type { Db } from "../../client";

// One member as the moderators see them (GET /api/admin/moderation/users/{id}): standing, the reports others
// made of their items, the reports they made, and the moderation actions on them and their items. One batch.

const MEMBER_LIST_LIMIT = 100;

export type MemberRow = {
  id: string;
  email: string;
  username: string | null;
  suspendedAt: string | null;
  suspendedNote: string | null;
};
export type MemberReportRow = {
  contentId: string;
  title: string;
  reason: ReportReason;
  note: string;
  status: "open" | "dismissed" | "actioned";
  /** When the reporter last said it (a second report of the item updates the first). */
  at: string;
  /** 0 or 1: the item was deleted since (docs/decisions/028); its reports stay in the record. */
  contentDeleted: number;
};
export type MemberActionRow = {
  id: string;
  action: string;
  entity: "content" | "user";
  entityId: string;
  /** The audit row's `after` JSON, which holds the note. */
  after: string | null;
  actorEmail: string | null;
  createdAt: string;
};

const REPORT_COLUMNS =
  "r.content_id as contentId, c.title, r.reason, r.note, r.status, r.updated_at as at, (c.deleted_at is not null) as contentDeleted";

const STATEMENTS = [
  `select id, email, username, suspended_at as suspendedAt, suspended_note as suspendedNote from users where id = ?1`,
  // The member's items (content_creator_created_idx), then each item's reports (reports_content_created_idx).
  `select ${REPORT_COLUMNS} from content c join reports r on r.content_id = c.id where c.created_by = ?1
   order by r.updated_at desc, r.id desc limit ?2`,
  // reports_reporter_created_idx.
  `select ${REPORT_COLUMNS} from reports r join content c on c.id = r.content_id where r.reporter_id = ?1
   order by r.updated_at desc, r.id desc limit ?2`,
  // Moderation actions on the member and on their items, and deletions of their items (deleted items stay,
  // so do the actions on them: docs/decisions/028): audit_log_entity_idx for each.
  `select a.id, a.action, a.entity, a.entity_id as entityId, a.after, u.email as actorEmail, a.created_at as createdAt
   from audit_log a left join users u on u.id = a.actor_id
   where ((a.entity = 'user' and a.entity_id = ?1)
      or (a.entity = 'content' and a.entity_id in (select id from content where created_by = ?1)))
     and a.action in ('dismiss', 'takedown', 'restore', 'suspend', 'unsuspend', 'delete')
   order by a.created_at desc, a.id desc limit ?2`,
];

export type MemberModeration = {
  member: MemberRow | null;
  received: MemberReportRow[];
  made: MemberReportRow[];
  actions: MemberActionRow[];
};

export async function memberModeration(db: Db, userId: string): Promise<MemberModeration> {
  const d1 = db.$client;
  const [member, received, made, actions] = await d1.batch(
    STATEMENTS.map((text, i) => d1.prepare(text).bind(...(i === 0 ? [userId] : [userId, MEMBER_LIST_LIMIT]))),
  );
  return {
    member: (member!.results[0] as MemberRow | undefined) ?? null,
    received: received!.results as MemberReportRow[],
    made: made!.results as MemberReportRow[],
    actions: actions!.results as MemberActionRow[],
  };
}
