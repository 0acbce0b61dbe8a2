import { useId, useState, type FormEvent } from "react";
import { PAGE_DAYS_MIN_DAYS, VIEWS_WINDOW_AFTER_HOLD_DAYS } from "../../../common/data-lifecycle";
import { UPLOAD_NOTICE_DAYS } from "../../../common/notifications";
import type { LifecycleJson, LifecycleRunJson } from "../../../common/schemas/archive";
import {
  archivedDayUrl,
  archivedManifestUrl,
  changeArchiveWindows,
  getDataLifecycle,
  runDataLifecycleNow,
  type ArchiveDataset,
} from "../../lib/admin-api";
import { describeFailure, refusalOf } from "../../lib/api";
import { formatDay } from "../../lib/format";
import { queryKeys } from "../../lib/query-keys";
import { PageSpinner } from "../spinner";
import { buttonClass } from "../ui";
import { Badge, EmptyMessage, fieldClass, labelClass, num, Section, Table, td, tdNum } from "./admin-ui";
import { useAdminQuery, useRefreshAdminLists } from "../../queries/admin";

// The Data tab (docs/product-spec.md §2 "Data", docs/decisions/051): how long traffic rows stay in the
// database before the data lifecycle moves them to the archive, what its last run did, and the archived days;
// and how long notifications stay before it deletes them (docs/decisions/055).

const DATASET_NAMES: Record<ArchiveDataset, string> = {
  visits: "page visits",
  "page-days": "page-day totals",
  views: "views",
  "member-days": "member days",
};
const DATASET_TITLES: Record<ArchiveDataset, string> = {
  visits: "Page visits",
  "page-days": "Page-day totals",
  views: "Views",
  "member-days": "Member days",
};
const count = (n: number) => n.toLocaleString("en-US");
/** The form's fields: the two archive windows (page-day totals follow the visits') and how long notifications stay. */
type WindowField = "visits" | "views" | "notices";
const FIELD_NAMES: Record<WindowField, string> = {
  visits: DATASET_NAMES.visits,
  views: DATASET_NAMES.views,
  notices: "notifications",
};

/** Stored sizes as people read them: "512 B", "3.4 KB", "12.0 MB". */
export function formatBytes(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  const units = ["KB", "MB", "GB", "TB"];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

export function DataTab() {
  const { data, firstLoad, failed } = useAdminQuery(
    queryKeys.admin.list("archive"),
    getDataLifecycle,
    "Failed to load the data lifecycle",
  );
  if (firstLoad) return <PageSpinner />;
  if (!data)
    return (
      <EmptyMessage
        title={failed ? "The data lifecycle could not be loaded" : "Nothing to show"}
        text="Try again in a moment."
      />
    );
  return (
    <div className="space-y-6">
      <WindowsForm lifecycle={data} />
      <LastRun report={data.last_run} />
      {data.datasets.map((d) => (
        <ArchivedDays key={d.dataset} dataset={d.dataset} days={d.days} />
      ))}
    </div>
  );
}

function WindowsForm({ lifecycle }: { lifecycle: LifecycleJson }) {
  const {
    archive_visits_after_days: visits,
    archive_views_after_days: views,
    notifications_keep_days: notices,
  } = lifecycle.windows;
  const [texts, setTexts] = useState({
    visits: String(visits.value),
    views: String(views.value),
    notices: String(notices.value),
  });
  const [message, setMessage] = useState<{ tone: "ok" | "error"; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const refresh = useRefreshAdminLists();
  const ids = { visits: useId(), views: useId(), notices: useId() };

  async function submit(event: FormEvent) {
    event.preventDefault();
    // An empty or fractional field is the admin's to fix before anything is sent; the bounds are the server's.
    const empty = (["visits", "views", "notices"] as const).find((k) => !/^\d+$/.test(texts[k].trim()));
    if (empty) {
      setMessage({ tone: "error", text: `Enter a whole number of days to keep ${FIELD_NAMES[empty]} for.` });
      return;
    }
    const body = {
      archive_visits_after_days: Number(texts.visits),
      archive_views_after_days: Number(texts.views),
      notifications_keep_days: Number(texts.notices),
    };
    setSaving(true);
    setMessage(null);
    try {
      await changeArchiveWindows(body);
      setMessage({ tone: "ok", text: "Windows saved. The next run uses them." });
      refresh();
    } catch (error) {
      const refusal = refusalOf(error);
      if (!refusal) console.error(describeFailure("Failed to save the archive windows", error));
      setMessage({ tone: "error", text: refusal ?? "The windows could not be saved. Try again." });
    } finally {
      setSaving(false);
    }
  }

  const field = (key: WindowField, label: string, hint: string, min: number, effective: number, value: number) => (
    <div className="space-y-1">
      <label htmlFor={ids[key]} className={labelClass}>
        {label}
      </label>
      <input
        id={ids[key]}
        type="number"
        inputMode="numeric"
        min={min}
        max={visits.max}
        step={1}
        required
        value={texts[key]}
        aria-describedby={`${ids[key]}-hint`}
        onChange={(event) => {
          const text = event.currentTarget.value;
          setTexts((t) => ({ ...t, [key]: text }));
        }}
        className={`${fieldClass} tabular-nums`}
      />
      <p id={`${ids[key]}-hint`} className="text-sm text-slate-400">
        {hint}
        {effective !== value ? ` Now ${effective} days: the setting is under today's minimum.` : ""}
      </p>
    </div>
  );

  return (
    <Section title="Archive windows">
      <p className="text-sm text-slate-400">
        Older rows move from the database to the archive, one day at a time, once every total that counts them is final.
      </p>
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4">
        <div className="grid gap-6 sm:grid-cols-2">
          {field(
            "visits",
            "Keep page visits for (days)",
            `At least ${visits.min}: a session's later visits read its first. Dashboards read the day totals (page-day totals and the source, device and campaign counts stay ${PAGE_DAYS_MIN_DAYS} days).`,
            visits.min,
            visits.effective,
            visits.value,
          )}
          {field(
            "views",
            "Keep views for (days)",
            `At least ${views.min}: the earnings hold (${lifecycle.earnings_hold_days} days) plus ${VIEWS_WINDOW_AFTER_HOLD_DAYS}. Older days show each member the day's summary; the recommendations remember each member's last week of finished items whatever this is.`,
            views.min,
            views.effective,
            views.value,
          )}
          {field(
            "notices",
            "Keep notifications for (days)",
            `At least ${notices.min}: a week on the bell, which shows uploads of followed creators for ${UPLOAD_NOTICE_DAYS} days whatever this is. Older notifications are deleted, read or not; the payments, earnings and moderation records they told of stay.`,
            notices.min,
            notices.effective,
            notices.value,
          )}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <button type="submit" className={buttonClass()} disabled={saving}>
            {saving ? "Saving…" : "Save windows"}
          </button>
          <p role="status" className={message?.tone === "error" ? "text-sm text-red-400" : "text-sm text-emerald-300"}>
            {message?.text ?? ""}
          </p>
        </div>
      </form>
    </Section>
  );
}

function LastRun({ report }: { report: LifecycleRunJson | null }) {
  const [running, setRunning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const refresh = useRefreshAdminLists();

  async function runNow() {
    setRunning(true);
    setProblem(null);
    try {
      await runDataLifecycleNow();
      refresh();
    } catch (error) {
      console.error(describeFailure("Failed to run the data lifecycle", error));
      setProblem("The run could not be started. Try again.");
    } finally {
      setRunning(false);
    }
  }

  return (
    <Section
      title="Last run"
      actions={
        <button type="button" className={buttonClass("secondary")} disabled={running} onClick={() => void runNow()}>
          {running ? "Running…" : "Run now"}
        </button>
      }
    >
      {problem ? (
        <p role="alert" className="text-sm text-red-400">
          {problem}
        </p>
      ) : null}
      {report === null ? (
        <p className="text-sm text-slate-400">
          No run yet. The job runs every minute, a few seconds at most each time.
        </p>
      ) : (
        <>
          <p className="text-sm text-slate-400">
            Finished{" "}
            {new Date(report.finished_at).toLocaleString("en-US", {
              dateStyle: "medium",
              timeStyle: "short",
              timeZone: "UTC",
            })}{" "}
            UTC
          </p>
          <ul className="space-y-2 text-sm">
            {report.datasets.map((d) => (
              <li key={d.dataset} className="wrap-anywhere">
                <span className="font-medium text-slate-200">{DATASET_TITLES[d.dataset]}:</span>{" "}
                {d.parts === 0 && d.days_done.length === 0
                  ? "nothing moved"
                  : `${count(d.rows)} rows in ${count(d.parts)} ${d.parts === 1 ? "part" : "parts"} (${formatBytes(d.bytes)})` +
                    (d.days_done.length
                      ? `, ${d.days_done.length} ${d.days_done.length === 1 ? "day" : "days"} finished`
                      : "")}
                {d.error ? (
                  <span className="text-red-400"> — stopped by an error: {d.error}</span>
                ) : (
                  <span className="text-slate-400"> — {d.stopped}</span>
                )}
              </li>
            ))}
            {report.notifications ? (
              <PrunedLine
                title="Notifications"
                what={`older than ${count(report.notifications.keep_days)} days`}
                {...report.notifications}
              />
            ) : null}
            {report.recent_finishes ? (
              <PrunedLine
                title="Recently finished items"
                what={`from before ${report.recent_finishes.before_day}`}
                {...report.recent_finishes}
              />
            ) : null}
          </ul>
        </>
      )}
    </Section>
  );
}

/** The run's line for rows it deleted rather than archived (nothing to download): notifications (decision 055) and
 *  the recommender's finished items past its week (decision 060). */
function PrunedLine({
  title,
  removed,
  what,
  stopped,
  error,
}: {
  title: string;
  removed: number;
  what: string;
  stopped: string;
  error: string | null;
}) {
  return (
    <li className="wrap-anywhere">
      <span className="font-medium text-slate-200">{title}:</span>{" "}
      {removed === 0 ? "none deleted" : `${count(removed)} ${what} deleted`}
      {error ? (
        <span className="text-red-400"> — stopped by an error: {error}</span>
      ) : (
        <span className="text-slate-400"> — {stopped}</span>
      )}
    </li>
  );
}

function ArchivedDays({ dataset, days }: { dataset: ArchiveDataset; days: LifecycleJson["datasets"][number]["days"] }) {
  const title = `Archived ${DATASET_NAMES[dataset]}`;
  return (
    <Section title={title}>
      {days.length === 0 ? (
        <EmptyMessage
          title={`No ${DATASET_NAMES[dataset]} archived yet`}
          text="Days appear here once they are older than their window."
        />
      ) : (
        <>
          {/* On a phone each day is a short block with its links in view; from sm up, the table. */}
          <ul aria-label={title} className="divide-y divide-slate-800 rounded-2xl border border-slate-800 sm:hidden">
            {days.map((d) => (
              <li key={d.day} className="space-y-1 px-4 py-3 text-sm">
                <div className="flex items-center justify-between gap-3">
                  <span className="font-medium">{formatDay(d.day)}</span>
                  <DayStatus status={d.status} />
                </div>
                <p className="text-slate-400">
                  {count(d.rows)} rows{d.kept ? ` (${count(d.kept)} kept)` : ""} · {formatBytes(d.bytes)}
                  {d.sha256 ? <span className="font-mono text-xs"> · {d.sha256.slice(0, 12)}</span> : null}
                </p>
                {d.status === "done" ? <DayLinks dataset={dataset} day={d.day} /> : null}
              </li>
            ))}
          </ul>
          <div className="hidden sm:block">
            <Table caption={title} columns={["Day", num("Rows"), num("Size"), "SHA-256", "Status", "Files"]}>
              {days.map((d) => (
                <tr key={d.day}>
                  <td className={`${td} whitespace-nowrap`}>{formatDay(d.day)}</td>
                  <td className={tdNum}>
                    {count(d.rows)}
                    {d.kept ? <span className="block text-xs text-slate-400">{count(d.kept)} kept</span> : null}
                  </td>
                  <td className={`${tdNum} whitespace-nowrap`}>{formatBytes(d.bytes)}</td>
                  <td
                    className={`${td} font-mono text-xs`}
                    title={
                      d.sha256 ? `SHA-256 ${d.sha256}\nprevious ${d.prev_sha256 ?? "none (first day)"}` : undefined
                    }
                  >
                    {d.sha256 ? d.sha256.slice(0, 12) : "—"}
                  </td>
                  <td className={td}>
                    <DayStatus status={d.status} />
                  </td>
                  <td className={`${td} whitespace-nowrap`}>
                    {d.status === "done" ? (
                      <DayLinks dataset={dataset} day={d.day} />
                    ) : (
                      <span className="text-slate-400">—</span>
                    )}
                  </td>
                </tr>
              ))}
            </Table>
          </div>
        </>
      )}
    </Section>
  );
}

const DayStatus = ({ status }: { status: "open" | "done" }) =>
  status === "done" ? <Badge tone="green">Archived</Badge> : <Badge tone="yellow">In progress</Badge>;

const link =
  "text-violet-300 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400";

/** The day's file (gzip NDJSON, downloaded) and its manifest (JSON, in a new tab). */
function DayLinks({ dataset, day }: { dataset: ArchiveDataset; day: string }) {
  const what = `${DATASET_NAMES[dataset]} of ${formatDay(day)}`;
  return (
    <span className="flex gap-3">
      <a className={link} href={archivedDayUrl(dataset, day)} download aria-label={`Download ${what}`}>
        Download
      </a>
      <a
        className={link}
        href={archivedManifestUrl(dataset, day)}
        target="_blank"
        rel="noreferrer"
        aria-label={`Manifest of ${what}`}
      >
        Manifest
      </a>
    </span>
  );
}
