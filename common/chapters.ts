// Chapters read from an item's description (docs/decisions/050): the `0:00 Intro` lines PeerTube and YouTube
// creators already write. A pure function of the text and the item's duration, so the player, the list under it
// and (one day) the server read the same chapters.

export type Chapter = {
  /** Whole seconds from the start of the item. */
  start: number;
  title: string;
};

/** Fewer than this is not a table of contents: one "chapter" is the whole item. */
const MIN_CHAPTERS = 2;
/** A description holds at most 5,000 characters; more marks than this would not fit on any seek bar. */
export const MAX_CHAPTERS = 100;
/** Longer titles are cut (they show on one line in the player). */
export const MAX_CHAPTER_TITLE = 100;

// At the start of a line (after spaces, optionally in brackets): h:mm:ss or m:ss (minutes up to 99, seconds
// 00-59), then spaces or one separator (- – — : |), then the title.
const LINE = /^\s*[[(]?(?:(\d{1,2}):([0-5]\d)|(\d{1,2})):([0-5]\d)[\])]?(?:\s*[-–—:|]\s*|\s+)(.*)$/u;
// Control characters (a stray tab, a zero-width joiner is fine) never belong in a one-line title.
const CONTROL = /\p{Cc}/gu;

type Line = Chapter | "blank" | null;

function readLine(line: string): Line {
  if (line.trim() === "") return "blank";
  const match = LINE.exec(line);
  if (!match) return null;
  const [, hours, minutesAfterHours, minutesOnly, seconds, rest] = match;
  const title = Array.from(rest.replace(CONTROL, " ").trim()).slice(0, MAX_CHAPTER_TITLE).join("").trim();
  if (!title) return null;
  const minutes = Number(minutesAfterHours ?? minutesOnly);
  return { start: Number(hours ?? 0) * 3600 + minutes * 60 + Number(seconds), title };
}

/**
 * The chapters of an item, or none. The rule (YouTube's, without its 10-second minimum, since items here may
 * be a few seconds long): the first run of timestamp lines that begins at 0:00 (blank lines inside the run are
 * allowed; any other line ends it), at least two of them, strictly ascending. Lines starting at or after the end
 * of the item are dropped (they could never be reached); a run out of order gives no chapters at all rather
 * than a guessed order.
 */
export function parseChapters(description: string, durationSeconds: number): Chapter[] {
  const run: Chapter[] = [];
  for (const line of description.split(/\r\n|\r|\n/)) {
    const read = readLine(line);
    if (read === "blank") continue;
    if (read === null) {
      if (run.length > 0) break;
      continue;
    }
    // A run starts only at 0:00: a "12:30 meet-up" line before the list is not the list.
    if (run.length === 0 && read.start !== 0) continue;
    if (run.length === MAX_CHAPTERS) break;
    run.push(read);
  }
  for (let i = 1; i < run.length; i += 1) {
    if (run[i].start <= run[i - 1].start) return [];
  }
  const end = Number.isFinite(durationSeconds) ? durationSeconds : 0;
  const reachable = run.filter((chapter) => chapter.start < end);
  return reachable.length >= MIN_CHAPTERS ? reachable : [];
}

/** The index of the chapter playing at `seconds` (-1 before the first, which cannot happen: it starts at 0). */
export function chapterIndexAt(chapters: readonly Chapter[], seconds: number): number {
  let index = -1;
  for (let i = 0; i < chapters.length && chapters[i].start <= seconds; i += 1) index = i;
  return index;
}
