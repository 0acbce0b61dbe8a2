// The members, creators and items the simulated days happen among, and the settings the run uses: the lifecycle's
// windows at their minimums, from the same constants the Worker reads (so the run needs fewer days to reach a
// steady state: raw visits and sessions 2 days, page-day totals 91 (decision 054), notifications 30 (055)) and a
// one-day earnings hold (the views window's minimum is the hold + 7 days, never under 8: decision 056).
import {
  NOTIFICATIONS_KEEP_MIN_DAYS,
  PAGE_DAYS_MIN_DAYS,
  VIEWS_WINDOW_AFTER_HOLD_DAYS,
  VIEWS_WINDOW_FLOOR_DAYS,
  VISITS_WINDOW_MIN_DAYS,
} from "../../common/data-lifecycle.ts";
import { existingUser, type UserRow } from "../traffic/synthetic-visits.ts";
import { inTransaction, type Opened } from "./sqlite-d1.ts";

const HOLD_DAYS = 1;
export const WINDOWS = {
  visits_days: VISITS_WINDOW_MIN_DAYS,
  page_days: PAGE_DAYS_MIN_DAYS,
  views_days: Math.max(VIEWS_WINDOW_FLOOR_DAYS, HOLD_DAYS + VIEWS_WINDOW_AFTER_HOLD_DAYS),
  notices_days: NOTIFICATIONS_KEEP_MIN_DAYS,
  earnings_hold_days: HOLD_DAYS,
} as const;
const SETTINGS: Record<string, string> = {
  archive_visits_after_days: String(WINDOWS.visits_days),
  archive_views_after_days: String(WINDOWS.views_days),
  notifications_keep_days: String(WINDOWS.notices_days),
  earnings_hold_days: String(WINDOWS.earnings_hold_days),
};

export const MEMBERS = 20_000;
export const CREATORS = 200;
export const ITEMS = 2_000;
// Ids in the server's alphabet (no I, L, O, U), so /content/{id} and /creator/{id} pages count for their creator.
export const creatorId = (i: number) => `GRWTHCREATR${String(i).padStart(15, "0")}`;
export const itemId = (i: number) => `GRWTHKNTNT${String(i).padStart(16, "0")}`;
/** Item i belongs to creator (i mod CREATORS): every creator has items, the popular ones spread. */
export const creatorOfItem = (i: number) => creatorId(i % CREATORS);
/** The rate-limit gate the product's rollup statements run behind, opened wide for the bench (see traffic-day.ts). */
export const GATE = ["bench:growth", "0", 1e12] as const;

export async function seedWorld({ sqlite, d1 }: Opened, startIso: string) {
  await inTransaction(sqlite, async () => {
    const users: UserRow[] = [
      ...Array.from({ length: MEMBERS }, (_, i) => existingUser(i)),
      ...Array.from({ length: CREATORS }, (_, i): UserRow => [
        creatorId(i),
        `creator-${i}@example.com`,
        "2025-01-01T00:00:00.000Z",
      ]),
    ];
    await d1
      .prepare(
        `insert into users (id, email, created_at) select value ->> 0, value ->> 1, value ->> 2 from json_each(?1)`,
      )
      .bind(JSON.stringify(users))
      .run();
    const item = d1.prepare(
      `insert into content (id, title, description, type, tags, r2_key, media_size, media_content_type, duration_ms, created_by, created_at, updated_at, published_at)
       values (?1, ?2, '', 'video', 'bench', ?3, 1000, 'video/mp4', 600000, ?4, ?5, ?5, ?5)`,
    );
    for (let i = 0; i < ITEMS; i++)
      await item
        .bind(
          itemId(i),
          `Growth item ${i}`,
          `bench-growth/${itemId(i)}.mp4`,
          creatorOfItem(i),
          "2025-02-01T00:00:00.000Z",
        )
        .run();
    const setting = d1.prepare(`insert into settings (key, value, updated_at) values (?1, ?2, ?3)`);
    for (const [key, value] of Object.entries(SETTINGS)) await setting.bind(key, value, startIso).run();
    await d1
      .prepare(`insert into rate_limits (key, window_start, count) values (?1, ?2, 0)`)
      .bind(GATE[0], GATE[1])
      .run();
  });
}
