import { isId } from "../../../common/ids";
import { getAdminUsers, getAuditLog } from "../../lib/admin-api";
import type { AuditEntryJson } from "../../../common/schemas/admin-audit";
import { queryKeys } from "../../lib/query-keys";
import { PageSpinner } from "../spinner";
import { capitalize, EmptyMessage, Table, td, tdText } from "./admin-ui";
import { describeChange, type UserNames } from "./audit-change";
import { useAdminQuery } from "../../queries/admin";

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

/** Audit tab: who changed which money record, challenge or setting, newest first (as the API sends it). */
export function AuditTab() {
  const { data: entries, firstLoad } = useAdminQuery(
    queryKeys.admin.list("audit"),
    getAuditLog,
    "Failed to load the audit log",
  );
  // Records name their user by id; the user list turns ids into emails (ids stay when it is not there).
  const { data: users } = useAdminQuery(queryKeys.admin.list("users"), getAdminUsers, "Failed to load users");
  const names: UserNames = new Map((users ?? []).map((u) => [u.id, u.email]));
  if (firstLoad) return <PageSpinner />;
  if (!entries || entries.length === 0)
    return (
      <EmptyMessage
        title="No changes recorded yet"
        text="Admin changes to money records, challenges and ad settings appear here."
      />
    );
  return (
    <Table caption="Audit log" columns={["When", "Who", "Action", "Entity", "Change"]}>
      {entries.map((entry) => (
        <tr key={entry.id} className="align-top">
          <td className={`${td} whitespace-nowrap tabular-nums`}>{when(entry.created_at)}</td>
          <td className={tdText}>{entry.actor_email}</td>
          <td className={td}>{capitalize(entry.action)}</td>
          <td className={td}>
            {capitalize(entry.entity)}
            <span className="block font-mono text-xs text-slate-400" title={entry.entity_id}>
              {shortId(entry.entity_id)}
            </span>
          </td>
          <td className={tdText}>
            <ChangeList entry={entry} names={names} />
          </td>
        </tr>
      ))}
    </Table>
  );
}

/** Record ids are 26-character ULIDs: the last 8 tell entries apart, the tooltip has the whole id. Setting keys stay. */
const shortId = (id: string) => (isId(id) ? `…${id.slice(-8)}` : id);

function ChangeList({ entry, names }: { entry: AuditEntryJson; names: UserNames }) {
  const changes = describeChange(entry.before, entry.after, names);
  if (changes.length === 0) return <span className="text-slate-400">No field changed</span>;
  return (
    <ul className="space-y-0.5 text-xs">
      {changes.map(({ field, before, after }) => (
        // A long note or description is cut to 3 lines; the whole change is in the tooltip.
        <li
          key={field}
          className="line-clamp-3"
          title={[`${field}:`, before, before !== undefined && after !== undefined ? "→" : undefined, after]
            .filter((p) => p !== undefined)
            .join(" ")}
        >
          <span className="text-slate-400">{field}: </span>
          {before !== undefined ? (
            <span className="text-red-300 line-through decoration-red-400/60">{before}</span>
          ) : null}
          {before !== undefined && after !== undefined ? (
            <span className="text-slate-400">
              <span aria-hidden="true"> → </span>
              <span className="sr-only">changed to </span>
            </span>
          ) : null}
          {after !== undefined ? <span className="text-emerald-300">{after}</span> : null}
        </li>
      ))}
    </ul>
  );
}
