// One simulated day of views, written as the product writes them: each view's row by insertViewStatement (what
// the watch-session object writes when a view qualifies or ends; the studio's triggers fire), then, at the end of
// the day, the earnings job's own settle path (worker/domain/earnings/credit-views.ts creditQualifiedViews: a place
// of the day, the caps, both sides' rewards held for earnings_hold_days, the bell's credit notices) in batches
// of 250 instead of the cron's 25, so the day settles in fewer calls; the statements are the same.
import { createDb, type Db } from "../../worker/db/client.ts";
import { insertViewStatement } from "../../worker/db/queries/views/views.ts";
import { creditQualifiedViews } from "../../worker/domain/earnings/credit-views.ts";
import { VIEW_REWARD_MICROS } from "../../common/earning-policy.ts";
import { existingUser } from "../traffic/synthetic-visits.ts";
import { inTransaction, type Opened } from "./sqlite-d1.ts";
import { creatorOfItem, ITEMS, itemId, MEMBERS } from "./world.ts";
import { mulberry32 as prng } from "../lib/random.ts";

const QUALIFIED_SHARE = 0.8;
const SETTLE_BATCH = 250;
const METHODS = ["ai_recommended", "search", "browse", "follow", "shared_link"] as const;
const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** A ULID-shaped id at the simulated time, as newId() would have made then. */
function idAt(ms: number, rand: () => number) {
  let id = "";
  for (let i = 0, t = ms; i < 10; i++, t = Math.floor(t / 32)) id = CROCKFORD[t % 32] + id;
  for (let i = 0; i < 16; i++) id += CROCKFORD[Math.floor(rand() * 32)];
  return id;
}

/**
 * A member watches from one of a few addresses (home most days, sometimes a phone's network or work), as people
 * do: the address aggregate (view_addresses) grows with (address, member) pairs, at most four per member.
 */
function addressOf(member: number, rand: () => number) {
  const which = rand() < 0.7 ? 0 : Math.floor(rand() * 3) + 1;
  return (member * 4 + which).toString(16).padStart(16, "0"); // 16 hex digits, as addressGroupHash stores
}

export const dbOf = (opened: Opened): Db => createDb(opened.d1 as unknown as D1Database);

/** Inserts the day's views (80 % qualified, the rest ended short of it) in time order. */
export async function insertViews(opened: Opened, day: number, dayStartMs: number, count: number) {
  const db = dbOf(opened);
  const rand = prng(9_000 + day);
  const times = Array.from({ length: count }, () => dayStartMs + Math.floor(rand() * (86_400_000 - 3_600_000))).sort(
    (a, b) => a - b,
  );
  await inTransaction(opened.sqlite, async () => {
    for (const started of times) {
      const item = Math.min(ITEMS - 1, Math.floor(ITEMS * rand() ** 2.5));
      const qualified = rand() < QUALIFIED_SHARE;
      const at = new Date(started).toISOString();
      const last = new Date(started + (qualified ? 540_000 : 120_000)).toISOString();
      const member = Math.floor(rand() * MEMBERS);
      const statement = insertViewStatement(db, {
        id: idAt(started, rand),
        contentId: itemId(item),
        viewerId: existingUser(member)[0],
        creatorId: creatorOfItem(item),
        discoveryMethod: METHODS[Math.floor(rand() * METHODS.length)]!,
        deviceFingerprint: `fp-${member.toString(36)}-${rand() < 0.8 ? 0 : 1}`,
        ipHash: addressOf(member, rand),
        startedAt: at,
        lastEventAt: last,
        qualifiedAt: qualified ? new Date(started + 480_000).toISOString() : null,
        qualifiedDay: qualified ? at.slice(0, 10) : null,
        status: qualified ? "qualified" : "ended",
        maxPositionMs: qualified ? 540_000 : 120_000,
        watchTimeMs: qualified ? 540_000 : 120_000,
        endReason: qualified ? null : "expired",
      });
      await (statement as unknown as { run(): Promise<unknown> }).run();
    }
  });
}

/**
 * The earnings job at `nowIso` until nothing is pending; adds what it credited to `credits` (user → micro-dollars,
 * the bench's own tally the ledger check compares the wallets with) and returns the views it credited.
 */
export async function settleDay(opened: Opened, nowIso: string, qualifiedDay: string, credits: Map<string, number>) {
  const db = dbOf(opened);
  await creditQualifiedViews(db, nowIso, SETTLE_BATCH, 1_000_000);
  const { results } = await opened.d1
    .prepare(
      `select viewer_id as viewer, creator_id as creator from views where qualified_day = ?1 and status = 'credited'`,
    )
    .bind(qualifiedDay)
    .all();
  for (const r of results as { viewer: string; creator: string }[]) {
    credits.set(r.viewer, (credits.get(r.viewer) ?? 0) + VIEW_REWARD_MICROS);
    credits.set(r.creator, (credits.get(r.creator) ?? 0) + VIEW_REWARD_MICROS);
  }
  return results.length;
}
