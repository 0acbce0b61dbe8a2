// A member's summary of an archived day of views, per side (docs/decisions/053, 061): D1's member_view_days row while
// D1 holds it, else the row the member-days dataset moved to R2 (one part: the one whose key range holds it).
import type { MemberDayLine } from "../../db/queries/archive/archive-member-days";
import type { Db } from "../../db/client";
import { archivedDaySummary, type ArchivedDayRow } from "../../db/queries/earnings/my-views";
import { decodeLines } from "./part-file";

type Env = { ARCHIVE: R2Bucket };
const NONE: ArchivedDayRow = { views: 0, qualified: 0, credited: 0, micros: 0, reversed: 0 };

/** The summary, or null when that day of views is not archived. */
export async function memberDaySummary(
  env: Env,
  db: Db,
  q: { userId: string; side: "viewer" | "creator"; day: string },
): Promise<ArchivedDayRow | null> {
  const row = await archivedDaySummary(db, q);
  if (!row) return null;
  const { inD1, num, sideNum, objectKey, ...summary } = row;
  if (inD1) return summary;
  if (!objectKey) return NONE;
  const obj = await env.ARCHIVE.get(objectKey);
  // The part's permit is in D1 only after its object is in R2: a missing object is a broken archive, not a day
  // without views.
  if (!obj) throw new Error(`archive part missing: ${objectKey}`);
  const line = ((await decodeLines(await obj.arrayBuffer())) as MemberDayLine[]).find(
    (l) => l.user_num === num && l.side === sideNum,
  );
  return line
    ? {
        views: line.views,
        qualified: line.qualified,
        credited: line.credited,
        micros: line.micros,
        reversed: line.reversed,
      }
    : NONE;
}
