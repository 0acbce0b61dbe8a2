import { getAdminUsers, usersCsvUrl } from "../../lib/admin-api";
import { formatDate } from "../../lib/format";
import { queryKeys } from "../../lib/query-keys";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";
import { Badge, EmptyMessage, num, Table, td, tdNum } from "./admin-ui";
import { exactUsd, sumUsd, usd3 } from "./money";
import { useAdminQuery } from "./use-admin-query";

/**
 * All Users tab (docs/product-spec.md §2): balances with 3 decimals, as a view pays $0.003. Available is the
 * part of the total a payment may draw on now (held earnings excluded, docs/decisions/019).
 */
export function UsersTab() {
  const { data: users, firstLoad } = useAdminQuery(queryKeys.admin.list("users"), getAdminUsers, "Failed to load users");
  if (firstLoad) return <PageSpinner />;
  if (!users || users.length === 0) return <EmptyMessage title="No users yet" />;
  return (
    <div className="space-y-4">
      <div className="flex justify-end">
        <a href={usersCsvUrl} download className={buttonClass("secondary")}>Download CSV</a>
      </div>
      <Table
        caption="All users"
        columns={["Email", "Joined", num("Content"), num("Viewer Balance"), num("Creator Balance"), num("Total"), num("Available")]}
      >
        {users.map((user) => {
          const total = sumUsd([user.viewer_balance, user.creator_balance]);
          return (
            <tr key={user.id}>
              <th scope="row" className={`${td} text-left font-normal text-slate-200`}>
                <span className="flex flex-wrap items-center gap-2">
                  {user.email}
                  {user.is_admin === 1 ? <Badge tone="violet">Admin</Badge> : null}
                </span>
              </th>
              <td className={`${td} whitespace-nowrap`}>{formatDate(user.created_at)}</td>
              <td className={tdNum}>{user.content_count.toLocaleString("en-US")}</td>
              <td className={tdNum} title={exactUsd(user.viewer_balance)}>{usd3(user.viewer_balance)}</td>
              <td className={tdNum} title={exactUsd(user.creator_balance)}>{usd3(user.creator_balance)}</td>
              <td className={`${tdNum} font-medium`} title={exactUsd(total)}>{usd3(total)}</td>
              <td className={tdNum} title={exactUsd(user.available_balance)}>{usd3(user.available_balance)}</td>
            </tr>
          );
        })}
      </Table>
    </div>
  );
}
