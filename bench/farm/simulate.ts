// Runs a built world through the bench Worker day by day: each tick writes the views that qualified before it,
// runs the earnings job at the tick's time, then the sweep as the cron would (again until a run finds nothing
// new, since it works in bounded slices), timing each sweep against the rewards then in holding.
import { postJson } from "../lib/http.ts";
import { query } from "./api.ts";
import { DAY_MS, type ScriptedView, type World } from "./world.ts";

const VIEWS_PER_REQUEST = 2000;
/** A sweep that still finds something after this many runs in one tick is left for the next tick. */
const SWEEP_RUNS_PER_TICK = 30;

export type Media = { durationMs: number; mediaSize: number };
type SweepSample = {
  at: string;
  held: number;
  runs: number;
  firstMs: number;
  repeatMs: number;
  flagged: number;
  covered: number;
  quiet: boolean;
};
export type TickLog = {
  day: number;
  at: string;
  views: number;
  credited: number;
  writeMs: number;
  jobMs: number;
  sweepMs: number;
  sweep: SweepSample;
};

export type SimOptions = {
  origin: string;
  world: World;
  baseMs: number;
  ticksPerDay: number;
  holdDays: number;
  /** World key (account or item) → database id: accounts made through the real sign-in have their own. */
  idOf: (key: string) => string;
  mediaOf: (itemId: string) => Media;
  creatorOf: (itemId: string) => string;
  log: (msg: string) => void;
};

async function sendViews(o: SimOptions, views: ScriptedView[]) {
  for (let i = 0; i < views.length; i += VIEWS_PER_REQUEST) {
    await postJson(`${o.origin}/bench/farm/views`, {
      views: views.slice(i, i + VIEWS_PER_REQUEST).map((v) => {
        const m = o.mediaOf(v.item);
        // Qualified once 80 % of the item was watched at 1x (the object's rule), a second of slack.
        return {
          id: v.id,
          contentId: v.item,
          viewerId: o.idOf(v.viewer),
          creatorId: o.idOf(o.creatorOf(v.item)),
          address: v.address,
          startedAtMs: v.startedAt,
          qualifiedAtMs: v.startedAt + Math.ceil(m.durationMs * 0.8) + 1000,
          durationMs: m.durationMs,
          mediaSize: m.mediaSize,
        };
      }),
    });
  }
}

/** Held rewards at `now`: view rewards and awarded sign-on bonuses whose hold has not ended. */
async function heldAt(origin: string, now: string) {
  const [row] = await query<{ n: number }>(
    origin,
    `select
    (select count(*) from earnings where view_id is not null and available_at > ?1) +
    (select count(*) from bonuses where status = 'awarded' and kind = 'signon' and available_at > ?1) as n`,
    [now],
  );
  return row!.n;
}

async function sweepUntilQuiet(origin: string, now: string): Promise<SweepSample> {
  const held = await heldAt(origin, now);
  const sample: SweepSample = { at: now, held, runs: 0, firstMs: 0, repeatMs: 0, flagged: 0, covered: 0, quiet: false };
  for (let run = 0; run < SWEEP_RUNS_PER_TICK; run++) {
    const r = await postJson<{ flagged: number; covered: number; ms: number } & Record<string, unknown>>(
      `${origin}/bench/farm/sweep?now=${encodeURIComponent(now)}`,
    );
    sample.runs++;
    if (run === 0) sample.firstMs = r.ms;
    sample.flagged += r.flagged ?? 0;
    sample.covered += r.covered ?? 0;
    // Quiet when nothing in its answer says it did or has more to do: today { flagged, covered }; a sweep that
    // works in slices may also count what it judged or say there is more, and the cron would run it again.
    const busy = Object.entries(r).some(([k, v]) => k !== "ms" && ((typeof v === "number" && v > 0) || v === true));
    if (!busy) {
      sample.repeatMs = r.ms;
      sample.quiet = true;
      break;
    }
  }
  return sample;
}

/** Every simulated day with views, then the hold's days with only the job and the sweep; returns each tick. */
export async function simulate(o: SimOptions): Promise<TickLog[]> {
  const ticks: TickLog[] = [];
  const viewDays = o.world.days.length;
  for (let d = 0; d < viewDays + o.holdDays + 1; d++) {
    const day = o.world.days[d] ?? [];
    const perDay = d < viewDays ? o.ticksPerDay : 1;
    let sent = 0;
    for (let t = 1; t <= perDay; t++) {
      const tickMs = o.baseMs + d * DAY_MS + (t * DAY_MS) / perDay - 1000;
      const due: ScriptedView[] = [];
      // Views qualify seconds after they start: a view is due at the first tick after it qualified.
      while (sent < day.length && day[sent]!.startedAt + o.mediaOf(day[sent]!.item).durationMs < tickMs)
        due.push(day[sent++]!);
      if (t === perDay) while (sent < day.length) due.push(day[sent++]!);
      const t0 = performance.now();
      await sendViews(o, due);
      const at = new Date(tickMs).toISOString();
      const t1 = performance.now();
      const job = await postJson<{ processed: number; ms: number }>(
        `${o.origin}/bench/farm/job?now=${encodeURIComponent(at)}`,
      );
      const t2 = performance.now();
      const sweep = await sweepUntilQuiet(o.origin, at);
      ticks.push({
        day: d,
        at,
        views: due.length,
        credited: job.processed,
        writeMs: t1 - t0,
        jobMs: t2 - t1,
        sweepMs: performance.now() - t2,
        sweep,
      });
    }
    const today = ticks.filter((x) => x.day === d);
    const s = (f: (x: TickLog) => number) => Math.round(today.reduce((n, x) => n + f(x), 0) / 1000);
    o.log(
      `day ${d + 1}/${viewDays + o.holdDays + 1}${d >= viewDays ? " (hold)" : ""}: ${day.length} views, ${today.reduce((n, x) => n + x.credited, 0)} credited; ` +
        `held ${today.at(-1)!.sweep.held}; ${today.reduce((n, x) => n + x.sweep.flagged, 0)} flags opened; s writing views ${s((x) => x.writeMs)}, job ${s((x) => x.jobMs)}, sweep ${s((x) => x.sweepMs)}`,
    );
  }
  return ticks;
}
