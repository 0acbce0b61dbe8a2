import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { ContentListResponse } from "../../common/schemas/content";
import { contentPageSql, type ListParams } from "../db/queries/content/content";
import { newId } from "../lib/ids";
import { makeContent, makeUser, testDb } from "../test/factories";
import { Browser } from "../test/http";

// Sort and filters of the gallery and search (docs/decisions/100).
const anon = new Browser();
const MIN = 60_000;
const DAY = 86_400_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const list = async (qs: string) => {
  const res = await anon.fetch(`/api/content?${qs}`);
  expect(res.status, `${qs}: ${await res.clone().text()}`).toBe(200);
  return res.json<ContentListResponse>();
};
const ids = async (qs: string) => (await list(qs)).items.map((i) => i.title);
const errorOf = async (qs: string) => {
  const res = await anon.fetch(`/api/content?${qs}`);
  expect(res.status, qs).toBe(400);
  return (await res.json<{ error: string }>()).error;
};
/** Every page of a list, following nextCursor, with `limit` items a page. */
const allPages = async (qs: string, limit: number) => {
  const seen: string[] = [];
  let cursor: string | null = null;
  do {
    const page: ContentListResponse = await list(`${qs}&limit=${limit}${cursor ? `&cursor=${cursor}` : ""}`);
    seen.push(...page.items.map((i) => i.title));
    cursor = page.nextCursor;
  } while (cursor);
  return seen;
};

/**
 * One creator's items with one made-up word: a fresh word per test keeps other tests' items out. Titled by
 * name, so assertions read as the order expected.
 */
async function corpus() {
  const word = `w${newId().slice(-8).toLowerCase()}`;
  const creator = await makeUser();
  const make = (title: string, o: Parameters<typeof makeContent>[1]) =>
    makeContent(creator.id, { title: `${title} ${o?.tags ? "" : word}`.trim(), ...o });
  // inTitle ranks first for relevance; viral has the most views; fresh is the newest.
  await make("inTitle", { durationMs: 3 * MIN, viewCount: 5, publishedAt: ago(3 * DAY) });
  await make("viral", { tags: word, durationMs: 4 * MIN, viewCount: 900, publishedAt: ago(20 * DAY) });
  await make("fresh", { tags: word, durationMs: 20 * MIN, viewCount: 50, publishedAt: ago(2 * 3600_000) });
  await make("old", {
    tags: word,
    durationMs: 20 * MIN + 1,
    viewCount: 70,
    publishedAt: ago(200 * DAY),
    type: "audio",
  });
  await make("ancient", { tags: word, durationMs: 90 * MIN, viewCount: 10, publishedAt: ago(400 * DAY) });
  return { word, creator };
}

const titles = (xs: string[]) => xs.map((t) => t.split(" ")[0]);

describe("sort", () => {
  it("orders a search by relevance (default), newest or views, and a browse by newest (default) or views", async () => {
    const { word, creator } = await corpus();
    expect(titles(await ids(`search=${word}`))[0]).toBe("inTitle");
    expect(titles(await ids(`search=${word}&sort=relevance`))[0]).toBe("inTitle");
    expect(titles(await ids(`search=${word}&sort=newest`))).toEqual(["fresh", "inTitle", "viral", "old", "ancient"]);
    expect(titles(await ids(`search=${word}&sort=views`))).toEqual(["viral", "old", "fresh", "ancient", "inTitle"]);
    const c = `creator=${creator.id}`;
    expect(titles(await ids(c))).toEqual(["fresh", "inTitle", "viral", "old", "ancient"]);
    expect(titles(await ids(`${c}&sort=newest`))).toEqual(["fresh", "inTitle", "viral", "old", "ancient"]);
    expect(titles(await ids(`${c}&sort=views`))).toEqual(["viral", "old", "fresh", "ancient", "inTitle"]);
    // Relevance with no words to weigh is the browse's own order, newest, rather than an error.
    expect(titles(await ids(`${c}&sort=relevance`))).toEqual(["fresh", "inTitle", "viral", "old", "ancient"]);
  });

  it("pages every sort exactly with its own cursors, and refuses a cursor of another sort", async () => {
    const { word, creator } = await corpus();
    for (const qs of [`search=${word}`, `creator=${creator.id}`]) {
      for (const sort of ["relevance", "newest", "views"]) {
        const whole = await ids(`${qs}&sort=${sort}&limit=60`);
        expect(await allPages(`${qs}&sort=${sort}`, 2), `${qs} ${sort}`).toEqual(whole);
      }
    }
    const views = await list(`search=${word}&sort=views&limit=2`);
    expect(views.nextCursor).not.toBeNull();
    expect(await errorOf(`search=${word}&sort=newest&limit=2&cursor=${views.nextCursor}`)).toBe(
      "cursor: this cursor pages another sort than newest; start again without it",
    );
    expect(await errorOf(`search=${word}&limit=2&cursor=${views.nextCursor}`)).toMatch(/another sort than relevance/);
    expect(await errorOf(`search=${word}&sort=views&cursor=not-a-cursor`)).toBe("cursor: invalid pagination cursor");
    // A cursor from before cursors named their sort pages the default order it was made in, and no other.
    const first = await list(`search=${word}&limit=2`);
    const [key, id] = JSON.parse(atob(first.nextCursor!)) as [number, string];
    const untagged = btoa(JSON.stringify([key, id])).replace(/=+$/, "");
    const next = await list(`search=${word}&limit=2&cursor=${untagged}`);
    expect(next.items.map((i) => i.id)).toEqual(
      (await list(`search=${word}&limit=2&cursor=${first.nextCursor}`)).items.map((i) => i.id),
    );
    expect(await errorOf(`search=${word}&sort=views&limit=2&cursor=${untagged}`)).toMatch(/another sort than views/);
  });
});

describe("filters", () => {
  it("filters by length: under 4 minutes, 4 to 20 minutes (both ends), over 20 minutes", async () => {
    const { word, creator } = await corpus();
    for (const qs of [`search=${word}&sort=newest`, `creator=${creator.id}`]) {
      expect(titles(await ids(`${qs}&length=short`))).toEqual(["inTitle"]);
      expect(titles(await ids(`${qs}&length=medium`))).toEqual(["fresh", "viral"]);
      expect(titles(await ids(`${qs}&length=long`))).toEqual(["old", "ancient"]);
    }
    expect(titles(await ids(`search=${word}&length=long`)).sort()).toEqual(["ancient", "old"]);
  });

  it("filters by upload date: the last 24 hours, 7, 30 and 365 days", async () => {
    const { word, creator } = await corpus();
    for (const qs of [`search=${word}&sort=newest`, `creator=${creator.id}`]) {
      expect(titles(await ids(`${qs}&uploaded=today`))).toEqual(["fresh"]);
      expect(titles(await ids(`${qs}&uploaded=week`))).toEqual(["fresh", "inTitle"]);
      expect(titles(await ids(`${qs}&uploaded=month`))).toEqual(["fresh", "inTitle", "viral"]);
      expect(titles(await ids(`${qs}&uploaded=year`))).toEqual(["fresh", "inTitle", "viral", "old"]);
    }
  });

  it("combines type, length, upload date and sort, in a search and in a browse", async () => {
    const { word, creator } = await corpus();
    expect(titles(await ids(`search=${word}&length=long&uploaded=year`))).toEqual(["old"]);
    expect(titles(await ids(`search=${word}&type=video&length=long`))).toEqual(["ancient"]);
    expect(titles(await ids(`search=${word}&type=audio&length=long&sort=views`))).toEqual(["old"]);
    expect(titles(await ids(`search=${word}&type=video&uploaded=month&sort=views`))).toEqual([
      "viral",
      "fresh",
      "inTitle",
    ]);
    const c = `creator=${creator.id}`;
    expect(titles(await ids(`${c}&type=video&length=medium&sort=views`))).toEqual(["viral", "fresh"]);
    expect(titles(await ids(`${c}&type=video&length=medium&uploaded=week`))).toEqual(["fresh"]);
    expect(await ids(`${c}&type=audio&length=short`)).toEqual([]);
  });

  it("answers an unknown value with a 400 naming the field and its values", async () => {
    expect(await errorOf("sort=popular")).toBe("sort: sort must be one of relevance, newest, views");
    expect(await errorOf("search=x&length=huge")).toBe("length: length must be one of short, medium, long");
    expect(await errorOf("uploaded=decade")).toBe("uploaded: uploaded must be one of today, week, month, year");
    expect(await errorOf("type=image")).toBe("type: type must be one of video, audio");
    expect(await errorOf("sort=")).toMatch(/^sort: sort must be one of/);
  });
});

describe("visibility under every sort and filter", () => {
  it("never lists a private, unlisted, taken-down or suspended creator's item, nor a deleted one", async () => {
    const { word, creator } = await corpus();
    const hidden = { tags: word, viewCount: 10_000, durationMs: 30 * MIN, publishedAt: ago(3600_000) };
    await makeContent(creator.id, { ...hidden, title: `private ${word}`, visibility: "private", publishedAt: null });
    await makeContent(creator.id, { ...hidden, title: `unlisted ${word}`, visibility: "unlisted" });
    await makeContent(creator.id, { ...hidden, title: `removed ${word}`, removedAt: ago(1000) });
    await makeContent(creator.id, { ...hidden, title: `deleted ${word}`, deletedAt: ago(1000) });
    const suspended = await makeUser({ suspendedAt: ago(1000) });
    await makeContent(suspended.id, { ...hidden, title: `suspended ${word}` });
    const shown = new Set(["inTitle", "viral", "fresh", "old", "ancient"]);
    for (const base of [`search=${word}`, `creator=${creator.id}`, `creator=${suspended.id}`]) {
      for (const sort of ["relevance", "newest", "views"]) {
        for (const filter of ["", "&length=long", "&uploaded=today"]) {
          const got = titles(await ids(`${base}&sort=${sort}${filter}&limit=60`));
          expect(
            got.filter((t) => !shown.has(t)),
            `${base} ${sort}${filter}`,
          ).toEqual([]);
        }
      }
    }
  });
});

describe("query plans (docs/decisions/100)", () => {
  const plan = async (p: Omit<ListParams, "limit">) =>
    (await testDb().all<{ detail: string }>(sql`explain query plan ${contentPageSql({ ...p, limit: 24 })!}`))
      .map((r) => r.detail)
      .join("\n");
  const match = { whole: '"walk"', prefix: '"walk"*' };

  it("a browse by newest walks an index, with a length band too, and never scans content", async () => {
    expect(await plan({})).toMatch(/SEARCH c USING INDEX content_published_idx/);
    expect(await plan({ type: "video" })).toMatch(/SEARCH c USING INDEX content_type_published_idx/);
    expect(await plan({ lengthBand: 2 })).toMatch(/SEARCH c USING INDEX content_length_published_idx/);
    expect(await plan({ lengthBand: 0, type: "audio" })).toMatch(
      /SEARCH c USING INDEX content_type_length_published_idx \(type=\? AND <expr>=\? AND published_at<\?\)/,
    );
    // With an upload date the walk is the date's range on a length index (SQLite may weigh either one).
    expect(await plan({ lengthBand: 0, type: "audio", since: ago(DAY) })).toMatch(
      /SEARCH c USING INDEX content_(type_)?length_published_idx \((type=\? AND )?<expr>=\? AND published_at>\? AND published_at<\?\)/,
    );
    expect(await plan({ since: ago(DAY) })).toMatch(/content_published_idx \(published_at>\? AND published_at<\?\)/);
    for (const p of [{}, { lengthBand: 1 as const }, { type: "video" as const, lengthBand: 1 as const }]) {
      const text = await plan(p);
      expect(text).not.toMatch(/SCAN c\b/);
      expect(text).not.toMatch(/TEMP B-TREE/);
    }
  });

  it("a browse by views sorts only its window, walked on the same indexes, with no index on view_count", async () => {
    const text = await plan({ sort: "views", type: "video", lengthBand: 2 });
    expect(text).toMatch(/SEARCH c USING INDEX content_type_length_published_idx/);
    expect(text).not.toMatch(/SCAN c\b(?! USING)/);
    const indexes = await testDb().all<{ sql: string | null }>(
      sql`select sql from sqlite_master where type = 'index' and tbl_name = 'content'`,
    );
    expect(indexes.filter((i) => i.sql?.includes("view_count"))).toEqual([]);
  });

  it("a search by any sort walks the full-text index first, newest first, and only looks up each match's row", async () => {
    for (const sort of ["relevance", "newest", "views"] as const) {
      const text = await plan({ sort, match, type: "video", lengthBand: 0, since: ago(DAY) });
      expect(text).toMatch(/SCAN s VIRTUAL TABLE INDEX/);
      expect(text).not.toMatch(/SCAN c\b(?! USING)/);
      // Driving the walk from content's published_at or length indexes would test the words per row of a year.
      expect(text, sort).not.toMatch(/USING INDEX content_\w*published_idx/);
    }
  });
});
