import { formatDate } from "../../lib/format";
import type { BonusAwardJson } from "../../lib/types";
import { Badge, capitalize, EmptyMessage, num, statusTone, Table, td, tdNum } from "./admin-ui";
import { bonusUsd } from "./money";

/** Bonus Awards History (spec §2): the sign-on bonuses; awarded green, any other status yellow (§4). */
export function BonusAwards({ awards }: { awards: BonusAwardJson[] }) {
  if (awards.length === 0) return <EmptyMessage title="No bonuses awarded yet" />;
  return (
    <Table caption="Bonus Awards History" columns={["User", num("Amount"), "Status", "Awarded"]}>
      {awards.map((a) => (
        <tr key={a.id}>
          <td className={td}>{a.user_email}</td>
          <td className={tdNum}>{bonusUsd(a.total_bonus_amount)}</td>
          <td className={td}>
            <Badge tone={statusTone(a.status)}>{capitalize(a.status)}</Badge>
          </td>
          <td className={`${td} whitespace-nowrap`}>{a.awarded_at ? formatDate(a.awarded_at) : "—"}</td>
        </tr>
      ))}
    </Table>
  );
}
