import { useState } from "react";
import { getAdminUsers, usersCsvUrl } from "../../lib/admin-api";
import { formatDate } from "../../lib/format";
import { queryKeys } from "../../lib/query-keys";
import type { AdminUserJson } from "../../../common/schemas/admin-users";
import type { UserModerationAction } from "../../../common/moderation";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";
import { Badge, EmptyMessage, num, Table, td, tdText, tdNum } from "./admin-ui";
import { formatUsd, sumUsd } from "./money";
import { useAdminQuery } from "../../queries/admin";
import { UserModerationModal } from "./user-moderation-modal";

type Deciding = { user: AdminUserJson; action: UserModerationAction };

/**
 * All Users tab (docs/product-spec.md §2): balances with 3 decimals, as a view pays $0.003. Available is the
 * part of the total a payment may draw on now (held earnings excluded, docs/decisions/019). Members (not
 * admins) can be suspended or unsuspended from their row (docs/decisions/027).
 */
export function UsersTab() {
  const { data: users, firstLoad } = useAdminQuery(
    queryKeys.admin.list("users"),
    getAdminUsers,
    "Failed to load users",
  );
  const [deciding, setDeciding] = useState<Deciding | null>(null);
  if (firstLoad) return <PageSpinner />;
  if (!users || users.length === 0) return <EmptyMessage title="No users yet" />;
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <a href={usersCsvUrl} download className={buttonClass("secondary")}>
          Download CSV
        </a>
      </div>
      <Table
        caption="All users"
        columns={[
          "Email",
          "Joined",
          num("Content"),
          num("Viewer Balance"),
          num("Creator Balance"),
          num("Total"),
          num("Available"),
          { label: "Moderation", hidden: true },
        ]}
      >
        {users.map((user) => {
          const total = sumUsd([user.viewer_balance, user.creator_balance]);
          return (
            <tr key={user.id}>
              <th scope="row" className={`${tdText} text-left font-normal text-slate-200`}>
                <span className="flex flex-wrap items-center gap-2">
                  {user.email}
                  {user.is_admin === 1 ? <Badge tone="violet">Admin</Badge> : null}
                  {user.suspended ? <Badge tone="red">Suspended</Badge> : null}
                </span>
              </th>
              <td className={`${td} whitespace-nowrap`}>{formatDate(user.created_at)}</td>
              <td className={tdNum}>{user.content_count.toLocaleString("en-US")}</td>
              <td className={tdNum}>{formatUsd(user.viewer_balance)}</td>
              <td className={tdNum}>{formatUsd(user.creator_balance)}</td>
              <td className={`${tdNum} font-medium`}>{formatUsd(total)}</td>
              <td className={tdNum}>{formatUsd(user.available_balance)}</td>
              <td className={`${td} text-right`}>
                {/* Admins cannot be suspended (the server refuses), so they are not offered it. */}
                {user.is_admin === 1 ? null : (
                  <SuspendButton user={user} onClick={(action) => setDeciding({ user, action })} />
                )}
              </td>
            </tr>
          );
        })}
      </Table>
      {deciding ? <UserModerationModal {...deciding} onClose={() => setDeciding(null)} /> : null}
    </div>
  );
}

function SuspendButton({ user, onClick }: { user: AdminUserJson; onClick: (action: UserModerationAction) => void }) {
  const action = user.suspended ? "unsuspend" : "suspend";
  const label = user.suspended ? "Unsuspend" : "Suspend";
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-label={`${label} ${user.email}`}
      className={buttonClass("secondary")}
      onClick={() => onClick(action)}
    >
      {label}
    </button>
  );
}
