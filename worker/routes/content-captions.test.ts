import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentItemJson, ContentListResponse } from "../../common/schemas/content";
import type { CaptionsStoredJson } from "../../common/schemas/captions";
import { makeContent, makeUser } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { addMs, nowIso } from "../lib/time";
import { deleteItem, purgeAt } from "../test/deletion";
import { takeDown } from "../test/moderation";

// WebVTT captions per item and language (docs/decisions/049): the creator or an admin adds, replaces and
// removes them; whoever may open the item reads them; their words are searchable and say "in captions".

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const VTT =
  "WEBVTT\n\n00:00.500 --> 00:02.000\nHello <b>there</b>\n\n00:02.000 --> 00:04.000\n<v Ava>Second line</v>\n";
const put = (b: Browser, id: string, lang: string, body: string | Uint8Array, type = "text/vtt") =>
  b.fetch(`/api/content/${id}/captions/${lang}`, { method: "PUT", body, headers: { "content-type": type } });
const item = async (b: Browser, id: string) => (await b.fetch(`/api/content/${id}`)).json<ContentItemJson>();

async function scene() {
  const creator = await signedInBrowser(uniqueEmail("creator"));
  const row = await makeContent(await idOf(creator), { durationMs: 10_000 });
  return { creator, row, member: await signedInBrowser(uniqueEmail("member")), anonymous: new Browser() };
}

describe("captions", () => {
  it("the creator adds a track; it is listed in the item and served cleaned, as text/vtt with a strict CSP", async () => {
    const s = await scene();
    const res = await put(s.creator, s.row.id, "en", VTT);
    expect(res.status).toBe(200);
    const stored = await res.json<CaptionsStoredJson>();
    expect(stored).toMatchObject({ lang: "en", cues: 2 });
    expect((await item(s.member, s.row.id)).captions).toEqual([{ lang: "en", url: stored.url }]);

    const track = await s.anonymous.fetch(stored.url);
    expect(track.status).toBe(200);
    expect(track.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    expect(track.headers.get("x-content-type-options")).toBe("nosniff");
    expect(track.headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(track.headers.get("content-security-policy")).toContain("sandbox");
    expect(await track.text()).toBe(
      "WEBVTT\n\n00:00:00.500 --> 00:00:02.000\nHello <b>there</b>\n\n00:00:02.000 --> 00:00:04.000\n<v Ava>Second line</v>\n",
    );
    // Revalidated with its ETag.
    const again = await s.anonymous.fetch(stored.url, { headers: { "if-none-match": track.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("takes the language in its canonical case, replaces a track in place and removes it", async () => {
    const s = await scene();
    expect((await put(s.creator, s.row.id, "pt-br", VTT)).status).toBe(200);
    const first = (await item(s.creator, s.row.id)).captions;
    expect(first.map((t) => t.lang)).toEqual(["pt-BR"]);
    const oldKeys = (await env.MEDIA.list({ prefix: `captions/${s.row.id}/` })).objects.map((o) => o.key);

    const replaced = await put(s.creator, s.row.id, "pt-BR", "WEBVTT\n\n00:01.000 --> 00:03.000\nOlá\n");
    expect(replaced.status).toBe(200);
    expect(await (await s.member.fetch(`/api/content/${s.row.id}/captions/pt-BR`)).text()).toContain("Olá");
    const keys = (await env.MEDIA.list({ prefix: `captions/${s.row.id}/` })).objects.map((o) => o.key);
    expect(keys).toHaveLength(1);
    expect(keys).not.toEqual(oldKeys);

    expect((await s.creator.fetch(`/api/content/${s.row.id}/captions/pt-BR`, { method: "DELETE" })).status).toBe(200);
    expect((await item(s.creator, s.row.id)).captions).toEqual([]);
    expect((await s.member.fetch(`/api/content/${s.row.id}/captions/pt-BR`)).status).toBe(404);
    expect((await env.MEDIA.list({ prefix: `captions/${s.row.id}/` })).objects).toEqual([]);
    expect((await s.creator.fetch(`/api/content/${s.row.id}/captions/pt-BR`, { method: "DELETE" })).status).toBe(404);
  });

  it("only the creator or an admin changes them; others get 403, visitors 401", async () => {
    const s = await scene();
    expect((await put(s.member, s.row.id, "en", VTT)).status).toBe(403);
    expect((await put(s.anonymous, s.row.id, "en", VTT)).status).toBe(401);
    const admin = await signedInBrowser("admin@example.com");
    expect((await put(admin, s.row.id, "en", VTT)).status).toBe(200);
    expect((await s.member.fetch(`/api/content/${s.row.id}/captions/en`, { method: "DELETE" })).status).toBe(403);
    expect((await admin.fetch(`/api/content/${s.row.id}/captions/en`, { method: "DELETE" })).status).toBe(200);
  });

  it("a hidden item's captions go to its creator and admins only", async () => {
    const s = await scene();
    expect((await put(s.creator, s.row.id, "en", VTT)).status).toBe(200);
    await takeDown(s.row.id);
    expect((await s.member.fetch(`/api/content/${s.row.id}/captions/en`)).status).toBe(404);
    expect((await s.anonymous.fetch(`/api/content/${s.row.id}/captions/en`)).status).toBe(404);
    const own = await s.creator.fetch(`/api/content/${s.row.id}/captions/en`);
    expect(own.status).toBe(200);
    expect(own.headers.get("cache-control")).toBe("private, no-store");
  });

  it("refuses a bad language tag, a wrong type, an unknown item and an eleventh language with words", async () => {
    const s = await scene();
    const bad = await put(s.creator, s.row.id, "english!", VTT);
    expect(bad.status).toBe(400);
    expect((await bad.json<{ error: string }>()).error).toMatch(/lang must be a language tag/);
    expect((await put(s.creator, s.row.id, "x-private", VTT)).status).toBe(400);
    expect((await put(s.creator, s.row.id, "en", VTT, "text/html")).status).toBe(415);
    const other = await makeContent((await makeUser()).id);
    expect((await put(s.creator, "01JZZZZZZZZZZZZZZZZZZZZZZZ", "en", VTT)).status).toBe(404);
    expect((await put(s.creator, other.id, "en", VTT)).status).toBe(403);
    const langs = ["en", "fr", "de", "es", "it", "pt", "nl", "sv", "ja", "ko"];
    for (const lang of langs) expect((await put(s.creator, s.row.id, lang, VTT)).status, lang).toBe(200);
    const eleventh = await put(s.creator, s.row.id, "fi", VTT);
    expect(eleventh.status).toBe(409);
    expect((await eleventh.json<{ code: string }>()).code).toBe("captions_limit");
    // Replacing one of the ten is still fine.
    expect((await put(s.creator, s.row.id, "ko", VTT)).status).toBe(200);
    expect((await env.MEDIA.list({ prefix: `captions/${s.row.id}/` })).objects).toHaveLength(10);
  });

  it("makes caption words searchable; such a match says in_captions and ranks after the item's own text", async () => {
    const word = `cap${Math.random().toString(36).slice(2, 8)}`;
    const s = await scene();
    const titled = await makeContent((await makeUser()).id, { title: `${word} in a title` });
    const vtt = `WEBVTT\n\n00:01.000 --> 00:03.000\nWe said ${word} <i>loudly</i>\n`;
    expect((await put(s.creator, s.row.id, "en", vtt)).status).toBe(200);

    const search = async (q: string) =>
      (await s.anonymous.fetch(`/api/content?search=${encodeURIComponent(q)}`)).json<ContentListResponse>();
    const whole = await search(word);
    expect(whole.items.map((i) => i.id)).toEqual([titled.id, s.row.id]);
    expect(whole.in_captions).toEqual([s.row.id]);
    // A word being typed finds it too, still "in captions".
    const typing = await search(word.slice(0, -1));
    expect(typing.items.map((i) => i.id)).toEqual([titled.id, s.row.id]);
    expect(typing.in_captions).toEqual([s.row.id]);
    // Markup is not text: "loudly" matches, "i" tags do not make words.
    expect((await search(`${word} loudly`)).items.map((i) => i.id)).toEqual([s.row.id]);

    // Removed captions leave the index in the same statement.
    expect((await s.creator.fetch(`/api/content/${s.row.id}/captions/en`, { method: "DELETE" })).status).toBe(200);
    expect((await search(word)).items.map((i) => i.id)).toEqual([titled.id]);
    // The gallery answer carries no in_captions.
    expect(
      (await (await s.anonymous.fetch("/api/content?limit=1")).json<ContentListResponse>()).in_captions,
    ).toBeUndefined();
  });

  it("a deleted item's captions answer 404 to all, refuse changes, and their files go with the media purge", async () => {
    const s = await scene();
    expect((await put(s.creator, s.row.id, "en", VTT)).status).toBe(200);
    await deleteItem(s.creator, s.row.id);
    expect((await s.creator.fetch(`/api/content/${s.row.id}/captions/en`)).status).toBe(404);
    expect((await put(s.creator, s.row.id, "en", VTT)).status).toBe(404);
    expect((await env.MEDIA.list({ prefix: `captions/${s.row.id}/` })).objects).toHaveLength(1);
    await purgeAt(addMs(nowIso(), 15 * 24 * 3600_000));
    expect((await env.MEDIA.list({ prefix: `captions/${s.row.id}/` })).objects).toEqual([]);
  });
});
