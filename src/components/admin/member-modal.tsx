import { useState } from "react";
import { formatDate } from "../../lib/format";
import { getModerationMember } from "../../lib/moderation-api";
import { queryKeys } from "../../lib/query-keys";
import type { ModerationUserResponse } from "../../../common/schemas/moderation";
import type { UserModerationAction } from "../../../common/moderation";
import { Modal } from "../modal";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";
import { Badge } from "./admin-ui";
import { actionLabel, reasonLabel, reportStateLabel } from "./moderation";
import { useAdminQuery } from "../../queries/admin";
import { UserModerationModal } from "./user-moderation-modal";
import { ClearProfileButton } from "./clear-profile-button";

type Member = { id: string; email: string };

/**
 * A member's moderation page: standing, the reports they received and made, the actions taken, and
 * Suspend / Unsuspend. The note dialog takes the page's place while open (one dialog at a time, so Escape
 * closes only the one in front), and the page comes back with the new standing.
 */
export function MemberModal({ member, onClose }: { member: Member; onClose: () => void }) {
  const [deciding, setDeciding] = useState<UserModerationAction | null>(null);
  // Loaded here rather than in the page, so it stays while the note dialog is in front.
  const page = useAdminQuery(
    queryKeys.admin.moderationMember(member.id),
    (signal) => getModerationMember(member.id, signal),
    "Failed to load member",
  );

  if (deciding) return <UserModerationModal user={member} action={deciding} onClose={() => setDeciding(null)} />;
  const data = page.data;
  return (
    // The email may be one 254-character word: the title wraps anywhere rather than widening the dialog.
    <Modal title={<span className="wrap-anywhere">Member: {member.email}</span>} onClose={onClose}>
      {page.firstLoad ? (
        <PageSpinner />
      ) : !data ? (
        <p role="alert" className="text-sm text-red-400">
          This member's record could not be loaded.
        </p>
      ) : (
        <div className="space-y-5">
          <Standing user={data.user} />
          {/* Admins cannot be suspended, so they are not offered it. */}
          {data.user.is_admin ? (
            <p className="text-sm text-slate-400">Admin accounts cannot be suspended.</p>
          ) : (
            <div className="flex flex-wrap items-start gap-2">
              <button
                type="button"
                className={buttonClass("secondary")}
                onClick={() => setDeciding(data.user.suspended ? "unsuspend" : "suspend")}
              >
                {data.user.suspended ? "Unsuspend" : "Suspend"}
              </button>
              <ClearProfileButton userId={member.id} />
            </div>
          )}
          <ReportList title="Reports received" reports={data.reports_received} />
          <ReportList title="Reports made" reports={data.reports_made} />
          <CommentReportList title="Comment reports received" reports={data.comment_reports_received} />
          <CommentReportList title="Comment reports made" reports={data.comment_reports_made} />
          <Actions
            actions={data.actions}
            titles={new Map(data.reports_received.map((report) => [report.content_id, report.title]))}
          />
        </div>
      )}
    </Modal>
  );
}

function Standing({ user }: { user: ModerationUserResponse["user"] }) {
  return (
    <section aria-label="Standing" className="space-y-1 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        {user.suspended ? <Badge tone="red">Suspended</Badge> : <Badge tone="green">In good standing</Badge>}
        {user.suspended && user.suspended_at ? (
          <span className="text-slate-400">since {formatDate(user.suspended_at)}</span>
        ) : null}
      </p>
      {user.suspended && user.suspended_note ? (
        <p className="wrap-anywhere text-slate-300">{user.suspended_note}</p>
      ) : null}
    </section>
  );
}

const sectionTitle = "text-xs font-medium tracking-wide text-slate-400 uppercase";

function ReportList({ title, reports }: { title: string; reports: ModerationUserResponse["reports_made"] }) {
  return (
    <section aria-label={title}>
      <h3 className={sectionTitle}>{title}</h3>
      {reports.length === 0 ? (
        <p className="mt-1 text-sm text-slate-400">None</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {reports.map((report, index) => (
            <li key={index} className="wrap-anywhere text-slate-300">
              <span className="text-slate-200">{report.title}</span>
              {report.content_deleted ? <span className="text-slate-400"> (deleted)</span> : null}
              <span className="text-slate-400">
                {" "}
                · {reasonLabel(report.reason)} · {reportStateLabel(report.status)} · {formatDate(report.created_at)}
              </span>
              {report.note ? <span>: {report.note}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Reports of comments (docs/decisions/095): the comment's start, the item it is under, and the count in the title. */
function CommentReportList({
  title,
  reports,
}: {
  title: string;
  reports: ModerationUserResponse["comment_reports_made"];
}) {
  return (
    <section aria-label={title}>
      <h3 className={sectionTitle}>
        {title} <span className="tabular-nums">({reports.length.toLocaleString("en-US")})</span>
      </h3>
      {reports.length === 0 ? null : (
        <ul className="mt-1 space-y-1 text-sm">
          {reports.map((report, index) => (
            <li key={index} className="wrap-anywhere text-slate-300">
              <span className="text-slate-200">“{report.text}”</span>
              <span className="text-slate-400">
                {" "}
                on {report.title} · {reasonLabel(report.reason)} · {reportStateLabel(report.status)} ·{" "}
                {formatDate(report.created_at)}
              </span>
              {report.note ? <span>: {report.note}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Actions on the member and on their items; an item is named by its title when a report of it says it. */
function Actions({ actions, titles }: { actions: ModerationUserResponse["actions"]; titles: Map<string, string> }) {
  return (
    <section aria-label="Moderation actions">
      <h3 className={sectionTitle}>Moderation actions</h3>
      {actions.length === 0 ? (
        <p className="mt-1 text-sm text-slate-400">None</p>
      ) : (
        <ul className="mt-1 space-y-1 text-sm">
          {actions.map((action) => (
            <li key={action.id} className="wrap-anywhere text-slate-300">
              {actionLabel(action.action)}
              {action.entity === "content"
                ? ` ${action.action === "dismiss" ? "of " : ""}${titles.get(action.entity_id) ?? "an item"}`
                : null}
              <span className="text-slate-400">
                {" "}
                by {action.actor_email} on {formatDate(action.created_at)}
              </span>
              {action.note ? <span>: {action.note}</span> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
