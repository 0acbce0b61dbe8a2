import { getAdminPayments, getAdminUsers } from "../../lib/admin-api";
import { queryKeys } from "../../lib/query-keys";
import { StatCards } from "./admin-ui";
import { formatUsd, sumUsd } from "./money";
import { useAdminQuery } from "../../queries/admin";

/** The dashboard's top cards (docs/product-spec.md §2): refreshed with the lists after every saved change. */
export function AdminSummary() {
  const payments = useAdminQuery(queryKeys.admin.list("payments"), getAdminPayments, "Failed to load payments");
  const users = useAdminQuery(queryKeys.admin.list("users"), getAdminUsers, "Failed to load users");
  // Paid means completed and not corrected: a pending payment is still owed (the Payments tab shows it apart), and
  // a corrected one gave its amount back (docs/decisions/066).
  const paid = sumUsd(
    (payments.data ?? []).filter((p) => p.status === "completed" && !p.reversal).map((p) => p.amount_usd),
  );
  const userCount = users.data?.length ?? 0;
  const content = (users.data ?? []).reduce((sum, u) => sum + u.content_count, 0);
  // Before the first answer the cards say nothing rather than a misleading 0; a failure shows 0 (docs/product-spec.md §8).
  const show = (firstLoad: boolean, value: string) => (firstLoad ? "…" : value);
  return (
    <StatCards
      label="Summary"
      stats={[
        { label: "Total Earnings Paid", value: show(payments.firstLoad, formatUsd(paid)) },
        { label: "Total Users", value: show(users.firstLoad, userCount.toLocaleString("en-US")) },
        { label: "Total Content", value: show(users.firstLoad, content.toLocaleString("en-US")) },
      ]}
    />
  );
}
