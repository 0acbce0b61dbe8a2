// One simulated day of page visits, stored as the tracker stores them (worker/db/queries/traffic/traffic.ts recordVisit):
// the page_visits row, then the rollup statements of worker/db/queries/traffic/traffic-rollups.ts for the site and, when
// the page may be a creator's, for that creator, visit by visit in time order. Two things differ from a request,
// both only in how the rows arrive: the day's rows are inserted by one json_each statement (recordVisit's columns)
// and each visit's rollups run in one long transaction instead of a batch per request; the rate-limit gate the
// statements carry is a row opened wide (world.ts GATE), so the limiter's per-request count is left out.
import {
  CREATOR_SCOPE,
  mayNameCreator,
  rollupParams,
  rollupStatements,
  SITE_SCOPE,
} from "../../worker/db/queries/traffic/traffic-rollups.ts";
import { PAGE_VISIT_COLUMNS, syntheticDays, type UserRow, type VisitRow } from "../traffic/synthetic-visits.ts";
import { inTransaction, type Opened } from "./sqlite-d1.ts";
import { CREATORS, creatorId, GATE, ITEMS, itemId, MEMBERS } from "./world.ts";

const DAY_MS = 86_400_000;
const ROWS_PER_STATEMENT = 5_000;
const insertVisits = `insert into page_visits (${PAGE_VISIT_COLUMNS.join(", ")})
  select ${PAGE_VISIT_COLUMNS.map((_, i) => `value ->> ${i}`).join(", ")} from json_each(?1)`;
const insertUsers = `insert into users (id, email, created_at) select value ->> 0, value ->> 1, value ->> 2 from json_each(?1)`;
const CONTENT_IDS = Array.from({ length: ITEMS }, (_, i) => itemId(i));
const CREATOR_IDS = Array.from({ length: CREATORS }, (_, i) => creatorId(i));

/** The day's visits (bench/traffic's generator: sessions, sources, devices, campaigns, sign-ups), with ids unique across days. */
export function visitsOfDay(day: number, dayStartMs: number, visits: number): { visits: VisitRow[]; users: UserRow[] } {
  const [only] = syntheticDays({
    visits,
    days: 1,
    now: dayStartMs + DAY_MS,
    seed: 7_000 + day,
    existingUsers: MEMBERS,
    contentIds: CONTENT_IDS,
    creatorIds: CREATOR_IDS,
  });
  // The generator numbers its sign-ups from 1 on every call; a day prefix keeps them distinct.
  const renamed = (id: string) => id.replace("bench-new-", `bench-new-d${day}-`);
  const users = only!.users.map(([id, , at]): UserRow => [renamed(id), `${renamed(id)}@example.com`, at]);
  const rows = only!.visits.map((v) =>
    typeof v[2] === "string" && v[2].startsWith("bench-new-") ? [v[0], v[1], renamed(v[2]), ...v.slice(3)] : v,
  );
  return { visits: rows, users };
}

export async function ingestVisits({ sqlite, d1 }: Opened, day: { visits: VisitRow[]; users: UserRow[] }) {
  await inTransaction(sqlite, async () => {
    if (day.users.length) await d1.prepare(insertUsers).bind(JSON.stringify(day.users)).run();
    for (let i = 0; i < day.visits.length; i += ROWS_PER_STATEMENT) {
      await d1
        .prepare(insertVisits)
        .bind(JSON.stringify(day.visits.slice(i, i + ROWS_PER_STATEMENT)))
        .run();
    }
    for (const v of day.visits) {
      const path = v[3] as string;
      const params = rollupParams([...GATE], {
        sessionId: v[1] as string,
        createdAt: v[17] as string,
        visitDuration: v[5] as number,
        source: v[15] as string,
        deviceType: v[7] as string,
        campaign: v[12] as string | null,
        tagged: [v[10], v[11], v[12], v[13], v[14]].some(Boolean) ? 1 : 0,
        userId: v[2] as string | null,
        pagePath: path,
      });
      for (const scope of mayNameCreator(path) ? [SITE_SCOPE, CREATOR_SCOPE] : [SITE_SCOPE]) {
        for (const st of rollupStatements(d1 as unknown as D1Database, scope, params))
          await (st as unknown as { run(): Promise<unknown> }).run();
      }
    }
  });
}
