import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { PlaylistJson, PlaylistListJson } from "../../common/schemas/playlists";
import { PLAYLIST_ITEMS_MAX } from "../../common/playlists";
import { PLAYLIST_WRITES_PER_MINUTE } from "../middleware/rate-limit";
import { makeContent, makeUser } from "../test/factories";
import { Browser } from "../test/http";
import { member } from "../test/members";
import { suspend, takeDown } from "../test/moderation";
import { tombstone } from "../test/deletion";

// Playlists and Watch later (docs/decisions/090): who reads which list, the order kept by positions, unavailable
// items hidden and never an error, Watch later fixed, the limits, and no view or earning touched.

type Member = Awaited<ReturnType<typeof member>>;

const create = (b: Browser, body: unknown) => b.json("/api/playlists", "POST", body);
const add = (b: Browser, id: string, body: unknown) => b.json(`/api/playlists/${id}/items`, "POST", body);
const remove = (b: Browser, id: string, contentId: string) =>
  b.fetch(`/api/playlists/${id}/items/${contentId}`, { method: "DELETE" });
const get = (b: Browser, id: string) => b.fetch(`/api/playlists/${id}`);
const titles = (list: PlaylistJson) => list.items.map((i) => i.content.title);

async function newList(owner: Member, visibility = "public", title = "Road trip") {
  const res = await create(owner.browser, { title, visibility });
  expect(res.status, await res.clone().text()).toBe(201);
  return res.json<PlaylistJson>();
}

async function items(n: number) {
  const creator = await makeUser();
  const rows = [];
  for (let i = 0; i < n; i++) rows.push(await makeContent(creator.id, { title: `Song ${i}` }));
  return { creator, rows };
}

describe("playlists", () => {
  it("creates, lists, edits and deletes a playlist; Watch later is there from the start and stays", async () => {
    const owner = await member("owner");
    const mine = await (await owner.browser.fetch("/api/me/playlists")).json<PlaylistListJson>();
    expect(mine.items).toEqual([
      expect.objectContaining({ id: owner.id, kind: "watch_later", title: "Watch later", visibility: "private" }),
    ]);

    const made = await newList(owner, "unlisted", "  <b>Mix</b> 🎧  ");
    expect(made).toMatchObject({ title: "<b>Mix</b> 🎧", description: "", visibility: "unlisted", is_owner: true });
    const listed = await (await owner.browser.fetch("/api/me/playlists")).json<PlaylistListJson>();
    expect(listed.items.map((l) => l.kind)).toEqual(["watch_later", "playlist"]);

    const edited = await owner.browser.json(`/api/playlists/${made.id}`, "PATCH", { description: "Long drives" });
    expect(await edited.json<PlaylistJson>()).toMatchObject({ title: "<b>Mix</b> 🎧", description: "Long drives" });

    for (const res of [
      await owner.browser.json(`/api/playlists/${owner.id}`, "PATCH", { title: "Mine" }),
      await owner.browser.fetch(`/api/playlists/${owner.id}`, { method: "DELETE" }),
    ]) {
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({
        code: "watch_later_fixed",
        error: "Watch later cannot be renamed or deleted",
      });
    }

    expect((await owner.browser.fetch(`/api/playlists/${made.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await get(owner.browser, made.id)).status).toBe(404);
  });

  it("refuses bad input with 400 and the field's words, never a 500", async () => {
    const owner = await member("owner");
    const cases: [unknown, string][] = [
      [{ visibility: "public" }, "title: Title is required"],
      [{ title: "   ", visibility: "public" }, "title: Title is required"],
      [{ title: "x".repeat(101), visibility: "public" }, "title: Title must be at most 100 characters"],
      [
        { title: "ok", description: "d".repeat(1001), visibility: "public" },
        "description: Description must be at most 1000 characters",
      ],
      [{ title: "ok", visibility: "friends" }, "visibility: Visibility must be public, unlisted or private"],
      [{ title: 5, visibility: "public" }, "title: Title is required"],
    ];
    for (const [body, error] of cases) {
      const res = await create(owner.browser, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(await res.json()).toMatchObject({ error, code: "invalid_input" });
    }
    const bad = await owner.browser.fetch("/api/playlists", { method: "POST", body: "{not json" });
    expect(bad.status).toBe(400);
    const list = await newList(owner);
    expect((await owner.browser.json(`/api/playlists/${list.id}`, "PATCH", {})).status).toBe(400);
    for (const body of [
      {},
      { content_id: "nope" },
      { content_id: list.id, position: -1 },
      { content_id: list.id, position: 1.5 },
    ]) {
      expect((await add(owner.browser, list.id, body)).status, JSON.stringify(body)).toBe(400);
    }
    // A well-formed id that names no item, and an unknown list: 404.
    expect((await add(owner.browser, list.id, { content_id: list.id })).status).toBe(404);
    expect((await get(owner.browser, "01ARZ3NDEKTSV4RRFFQ69G5FAV")).status).toBe(404);
    expect((await get(owner.browser, "not-an-id")).status).toBe(404);
  });

  it("keeps the order: adds at the end or a position, moves, removes and closes gaps", async () => {
    const owner = await member("owner");
    const { rows } = await items(4);
    const list = await newList(owner);
    for (const row of rows.slice(0, 3))
      expect((await add(owner.browser, list.id, { content_id: row.id })).status).toBe(200);
    let now = await (await add(owner.browser, list.id, { content_id: rows[3]!.id, position: 0 })).json<PlaylistJson>();
    expect(titles(now)).toEqual(["Song 3", "Song 0", "Song 1", "Song 2"]);
    expect(now.items.map((i) => i.position)).toEqual([0, 1, 2, 3]);

    // Adding again without a position changes nothing; with one, it moves (down, then up; past the end is the end).
    now = await (await add(owner.browser, list.id, { content_id: rows[0]!.id })).json<PlaylistJson>();
    expect(titles(now)).toEqual(["Song 3", "Song 0", "Song 1", "Song 2"]);
    now = await (await add(owner.browser, list.id, { content_id: rows[3]!.id, position: 2 })).json<PlaylistJson>();
    expect(titles(now)).toEqual(["Song 0", "Song 1", "Song 3", "Song 2"]);
    now = await (await add(owner.browser, list.id, { content_id: rows[2]!.id, position: 0 })).json<PlaylistJson>();
    expect(titles(now)).toEqual(["Song 2", "Song 0", "Song 1", "Song 3"]);
    now = await (await add(owner.browser, list.id, { content_id: rows[2]!.id, position: 499 })).json<PlaylistJson>();
    expect(titles(now)).toEqual(["Song 0", "Song 1", "Song 3", "Song 2"]);

    expect((await remove(owner.browser, list.id, rows[1]!.id)).status).toBe(200);
    expect((await remove(owner.browser, list.id, rows[1]!.id)).status).toBe(200);
    now = await (await get(owner.browser, list.id)).json<PlaylistJson>();
    expect(titles(now)).toEqual(["Song 0", "Song 3", "Song 2"]);
    expect(now.items.map((i) => i.position)).toEqual([0, 1, 2]);
    expect(now.item_count).toBe(3);
  });

  it("shows private lists to their owner only, unlisted ones by address, public ones on the creator page", async () => {
    const owner = await member("owner");
    const other = await member("other");
    const { rows } = await items(1);
    const [pub, unl, priv] = [
      await newList(owner, "public"),
      await newList(owner, "unlisted"),
      await newList(owner, "private"),
    ];
    await add(owner.browser, priv.id, { content_id: rows[0]!.id });

    for (const reader of [other.browser, new Browser()]) {
      expect((await get(reader, pub.id)).status).toBe(200);
      expect(await (await get(reader, unl.id)).json<PlaylistJson>()).toMatchObject({ is_owner: false });
      const hidden = await get(reader, priv.id);
      expect(hidden.status).toBe(404);
      expect(await hidden.json()).toMatchObject({ error: "Playlist not found" });
      expect((await get(reader, owner.id)).status).toBe(404);
      const shown = await (await reader.fetch(`/api/users/${owner.id}/playlists`)).json<PlaylistListJson>();
      expect(shown.items.map((l) => l.id)).toEqual([pub.id]);
    }

    // Another member cannot change a list: 404 where they cannot see it, 403 where they can.
    expect((await add(other.browser, priv.id, { content_id: rows[0]!.id })).status).toBe(404);
    expect((await remove(other.browser, priv.id, rows[0]!.id)).status).toBe(404);
    expect((await add(other.browser, pub.id, { content_id: rows[0]!.id })).status).toBe(403);
    expect((await other.browser.fetch(`/api/playlists/${pub.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await other.browser.json(`/api/playlists/${unl.id}`, "PATCH", { title: "Mine now" })).status).toBe(403);
    expect((await get(owner.browser, priv.id)).status).toBe(200);

    // A suspended owner's lists are hidden like their page; they still see their own.
    await suspend(owner.id);
    expect((await get(other.browser, pub.id)).status).toBe(404);
    expect((await other.browser.fetch(`/api/users/${owner.id}/playlists`)).status).toBe(404);
    expect((await get(owner.browser, pub.id)).status).toBe(200);
  });

  it("hides deleted, taken-down and suspended creators' items from everyone, never failing, and keeps their place", async () => {
    const owner = await member("owner");
    const { rows } = await items(3);
    const other = await makeUser();
    const byOther = await makeContent(other.id, { title: "Other's" });
    const list = await newList(owner);
    for (const row of [...rows, byOther]) await add(owner.browser, list.id, { content_id: row.id });

    await takeDown(rows[0]!.id);
    await tombstone(rows[1]!.id, rows[1]!.createdBy);
    await suspend(other.id);

    const seen = await (await get(owner.browser, list.id)).json<PlaylistJson>();
    expect(titles(seen)).toEqual(["Song 2"]);
    expect(seen).toMatchObject({ item_count: 1, unavailable_count: 3 });
    const public_ = await (await get(new Browser(), list.id)).json<PlaylistJson>();
    expect(titles(public_)).toEqual(["Song 2"]);
    expect(public_.unavailable_count).toBe(0);
    // Nobody adds an unavailable item; the owner may still remove one.
    const fresh = await newList(owner);
    expect((await add(owner.browser, fresh.id, { content_id: rows[0]!.id })).status).toBe(404);
    expect((await remove(owner.browser, list.id, rows[0]!.id)).status).toBe(200);
    expect((await (await get(owner.browser, list.id)).json<PlaylistJson>()).unavailable_count).toBe(2);
  });

  it("fills Watch later by the member's id and says which lists hold an item", async () => {
    const owner = await member("owner");
    const { rows } = await items(2);
    const list = await newList(owner);
    expect((await add(owner.browser, owner.id, { content_id: rows[0]!.id })).status).toBe(200);
    await add(owner.browser, list.id, { content_id: rows[1]!.id });
    const later = await (await owner.browser.fetch("/api/me/watch-later")).json<PlaylistJson>();
    expect(later).toMatchObject({ id: owner.id, kind: "watch_later", item_count: 1, is_owner: true });
    expect(titles(later)).toEqual(["Song 0"]);

    const holding = await (
      await owner.browser.fetch(`/api/me/playlists?content_id=${rows[0]!.id}`)
    ).json<PlaylistListJson>();
    expect(holding.items.map((l) => [l.kind, l.has_item])).toEqual([
      ["watch_later", true],
      ["playlist", false],
    ]);
    expect((await owner.browser.fetch("/api/me/playlists?content_id=x")).status).toBe(400);
  });

  it("holds at most 500 items and refuses a suspended member's new lists, and writes no view", async () => {
    const owner = await member("owner");
    const { creator, rows } = await items(1);
    const list = await newList(owner);
    const filler = [];
    for (let i = 0; i < PLAYLIST_ITEMS_MAX; i++) {
      const id = `01F${String(i).padStart(23, "0")}`;
      filler.push(
        env.DB.prepare(
          `insert into content (id, title, description, type, tags, r2_key, media_size, media_content_type, duration_ms, created_by, created_at, updated_at, published_at)
          values (?1, 'Filler', '', 'video', '', ?1, 1, 'video/mp4', 1000, ?2, '2026-01-01', '2026-01-01', '2026-01-01')
          on conflict do nothing`,
        ).bind(id, creator.id),
        env.DB.prepare("insert into playlist_items values (?1, ?2, ?3, '2026-01-01')").bind(list.id, id, i),
      );
    }
    await env.DB.batch(filler);
    const full = await add(owner.browser, list.id, { content_id: rows[0]!.id });
    expect(full.status).toBe(409);
    expect(await full.json()).toMatchObject({ code: "playlist_full" });

    const views = await env.DB.prepare("select count(*) as n from views where viewer_id = ?1")
      .bind(owner.id)
      .first<{ n: number }>();
    expect(views!.n).toBe(0);

    await suspend(owner.id);
    expect((await create(owner.browser, { title: "x", visibility: "public" })).status).toBe(403);
    // Tidying up stays open.
    expect((await remove(owner.browser, list.id, rows[0]!.id)).status).toBe(200);
  });

  it("limits a member's playlist writes with 429 and the API's error shape", async () => {
    const owner = await member("owner");
    const list = await newList(owner);
    const statuses: number[] = [];
    for (let i = 0; i < PLAYLIST_WRITES_PER_MINUTE; i++) {
      statuses.push((await remove(owner.browser, list.id, "01ARZ3NDEKTSV4RRFFQ69G5FAV")).status);
    }
    // The create above counted too.
    expect(statuses.filter((s) => s === 200)).toHaveLength(PLAYLIST_WRITES_PER_MINUTE - 1);
    const refused = await remove(owner.browser, list.id, "01ARZ3NDEKTSV4RRFFQ69G5FAV");
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: "rate_limited" });
  });
});

describe("playlist text under the one rule for what members type (docs/decisions/106)", () => {
  it("refuses invisible, broken and over-long titles and descriptions in words, on create and on edit", async () => {
    const owner = await member("owner");
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "\u200b\u200b\u200b" }, "title: Title is required"],
      [{ title: "Road \ud800 trip" }, "title: Title contains characters that cannot be shown"],
      [{ title: "Road\ntrip" }, "title: Title must be on one line"],
      [{ title: "😀".repeat(51) }, "title: Title must be at most 100 characters"],
      [
        { title: "ok", description: "Songs\u0000" },
        "description: Description contains characters that cannot be shown",
      ],
      [{ title: "ok", description: "😀".repeat(501) }, "description: Description must be at most 1000 characters"],
    ];
    const list = await newList(owner);
    for (const [body, error] of cases) {
      const made = await create(owner.browser, { visibility: "public", ...body });
      expect(made.status, error).toBe(400);
      expect(await made.json()).toMatchObject({ error, code: "invalid_input" });
      const edited = await owner.browser.json(`/api/playlists/${list.id}`, "PATCH", body);
      expect(edited.status, error).toBe(400);
      expect(await edited.json()).toMatchObject({ error, code: "invalid_input" });
    }
  });

  it("keeps good text as typed", async () => {
    const owner = await member("owner");
    const title = "Crème 北極光 שלום 😀 <b>x</b>";
    const description = `${"😀".repeat(497)}\nمرحبا`;
    const res = await create(owner.browser, { title, description, visibility: "public" });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await res.json()).toMatchObject({ title, description });
  });
});
