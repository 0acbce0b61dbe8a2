import { useState } from "react";
import { Link } from "react-router";
import type { ViewSide } from "../../lib/earnings-api";
import { formatDay, formatUsd, formatUtcTime } from "../../lib/format";
import type { ArchivedDayJson, MyViewJson, MyViewsResponse } from "../../../common/schemas/my-views";
import { useDayViews } from "../../queries/earnings-report";
import { FilterToggle } from "../filter-toggle";
import { Modal } from "../modal";
import { outcomeText, outcomeTone, type ReasonContext } from "./view-reasons";

type DayViewsModalProps = {
  /** The UTC day, YYYY-MM-DD, as the report's daily rows are dated. */
  date: string;
  /** The rules the reasons name (GET /api/earning-rules); undefined until it answers, and the list waits for them. */
  rules: ReasonContext["rules"] | undefined;
  onClose: () => void;
};

const sides: [side: ViewSide, label: string][] = [
  ["viewer", "As viewer"],
  ["creator", "As creator"],
];

/** The server lists at most this many views of a day (MyViewsResponse.truncated). */
const LIST_LIMIT = 500;

/**
 * A day's views, each with what it did for the member and why (docs/decisions/019): the views they watched,
 * or, as creator, others' views of their content. Opened from a daily row of the earnings calendar.
 */
export function DayViewsModal({ date, rules, onClose }: DayViewsModalProps) {
  const [side, setSide] = useState<ViewSide>("viewer");
  const views = useDayViews(date, side);
  return (
    <Modal title={`Views on ${formatDay(date)}`} onClose={onClose}>
      <div className="space-y-4">
        <FilterToggle label="Whose views" options={sides} value={side} onChange={setSide} autoFocusSelected />
        <p className="text-sm text-slate-400">
          {side === "viewer"
            ? "What you watched, and what each view earned you."
            : "Others' views of your content, and what each earned you."}{" "}
          Times are UTC.
        </p>
        <ViewsBody response={views.data} failed={views.isError} side={side} rules={rules} />
      </div>
    </Modal>
  );
}

type ViewsBodyProps = {
  /** Undefined until the answer for this day and side arrives, or when it failed. */
  response: MyViewsResponse | undefined;
  /** The load failed; it was logged (docs/product-spec.md §8), the list says it has nothing to show. */
  failed: boolean;
  side: ViewSide;
  rules: ReasonContext["rules"] | undefined;
};

function ViewsBody({ response, failed, side, rules }: ViewsBodyProps) {
  if (failed)
    return <p className="py-6 text-center text-sm text-slate-400">The views could not be loaded. Try again later.</p>;
  // A reason may name a rule ("a view earns at 80 %"): the views wait for the rules as for the list itself.
  if (!response || !rules)
    return (
      <p role="status" className="py-6 text-center text-sm text-slate-400">
        Loading views…
      </p>
    );
  const { views, truncated, archived } = response;
  if (views.length === 0 && !archived)
    return <p className="py-6 text-center text-sm text-slate-400">No views on this day.</p>;
  return (
    <>
      {archived ? <ArchivedDay day={archived} /> : null}
      {views.length === 0 ? null : (
        <ul
          aria-label={side === "viewer" ? "Views as viewer" : "Views as creator"}
          className="divide-y divide-slate-800"
        >
          {views.map((view) => (
            <ViewItem key={view.id} view={view} side={side} rules={rules} />
          ))}
        </ul>
      )}
      {truncated ? (
        <p className="text-sm text-amber-300">Only the first {LIST_LIMIT} views of this day are shown.</p>
      ) : null}
    </>
  );
}

/**
 * A day whose views left the site's database for the archive (docs/decisions/053): its summary instead of the
 * list. Views still kept as evidence (a payment taken back or under review) are listed below it.
 */
function ArchivedDay({ day }: { day: ArchivedDayJson }) {
  const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
  return (
    <section aria-label="Archived day" className="space-y-1 rounded-md border border-slate-800 p-3 text-sm">
      <p className="font-medium text-slate-200">Views of this day are archived</p>
      <p className="text-slate-400">
        Each view is no longer listed one by one, but what the day held is kept: {plural(day.views, "view", "views")},{" "}
        {day.qualified} qualified, {day.credited} paid, {formatUsd(day.amount_usd)} earned
        {day.reversed > 0 ? `, ${plural(day.reversed, "payment", "payments")} taken back` : ""}.
      </p>
    </section>
  );
}

function ViewItem({ view, side, rules }: { view: MyViewJson; side: ViewSide; rules: ReasonContext["rules"] }) {
  return (
    <li className="space-y-0.5 py-3 text-sm">
      {/* A deleted item opens no more, but its views and what they paid stay (docs/decisions/028). */}
      {view.content_deleted ? (
        <p className="font-medium wrap-anywhere text-slate-200">
          {view.content_title} <span className="font-normal text-slate-400">(deleted)</span>
        </p>
      ) : (
        <Link
          to={`/content/${view.content_id}`}
          className="font-medium wrap-anywhere text-violet-300 hover:underline focus-visible:outline-2 focus-visible:outline-violet-400"
        >
          {view.content_title}
        </Link>
      )}
      <p className="text-slate-400">
        <time dateTime={view.started_at} className="tabular-nums">
          {formatUtcTime(view.started_at)}
        </time>
        {" · "}
        {side === "creator" ? "a viewer watched" : "watched"} {view.watched_percent} %
      </p>
      <p className={outcomeTone[view.outcome] ?? "text-slate-400"}>{outcomeText({ view, side, rules })}</p>
    </li>
  );
}
