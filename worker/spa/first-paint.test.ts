import { SELF, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentListResponse } from "../../common/schemas/content";
import { makeContent, makeUser } from "../test/factories";
import { signedInBrowser } from "../test/http";
import { serveSpa } from "./serve-spa";

// The built SPA is not in the test runtime: ASSETS answers with a page and a build manifest of the same shape
// vite writes (entry → shared chunk; the home route → its own chunk, the shared one and a style sheet).
const MANIFEST = {
  "index.html": { file: "assets/index-E.js", isEntry: true, imports: ["_shared-S.js"] },
  "_shared-S.js": { file: "assets/shared-S.js" },
  "_feed-F.js": { file: "assets/feed-F.js", imports: ["_shared-S.js"] },
  "src/routes/home.tsx": {
    file: "assets/home-H.js",
    imports: ["_feed-F.js", "_shared-S.js"],
    css: ["assets/home-H.css"],
  },
  "src/routes/creator.tsx": { file: "assets/creator-C.js", imports: ["_feed-F.js"] },
  "src/routes/embed.tsx": { file: "assets/embed-B.js", imports: ["_shared-S.js"] },
};
const assets = {
  fetch: async (req: Request) =>
    new URL(req.url).pathname === "/build-manifest.json"
      ? Response.json(MANIFEST)
      : new Response(
          '<!doctype html><html><head><title>Reelpay</title></head><body><div id="root"></div></body></html>',
          {
            headers: { "content-type": "text/html; charset=utf-8", etag: '"file"' },
          },
        ),
} as unknown as Fetcher;
const testEnv = { ...env, ASSETS: assets };
const api = (r: Request) => SELF.fetch(r);

async function page(path: string, headers: Record<string, string> = {}) {
  const response = await serveSpa(
    new Request(`http://localhost${path}`, { headers: { accept: "text/html", ...headers } }),
    testEnv,
    api,
  );
  return { response, html: await response.text() };
}

/** The answers a page carries, read the way the SPA reads them (JSON.parse of the script's text). */
function bootAnswers(html: string): Record<string, { status: number; body: unknown }> | null {
  const match = /<script type="application\/json" id="boot-answers">([\s\S]*?)<\/script>/.exec(html);
  return match ? (JSON.parse(match[1]!) as Record<string, { status: number; body: unknown }>) : null;
}

describe("a signed-out visitor's page carries its first screen's answers", () => {
  it("home: nobody signed in, the gallery exactly as the API answers it, its first image preloaded", async () => {
    const creator = await makeUser();
    await makeContent(creator.id, { title: "First paint item", thumbnailKey: `thumbs/${creator.id}.jpg` });
    const { response, html } = await page("/");
    const answers = bootAnswers(html)!;
    expect(answers["/api/session"]).toEqual({ status: 200, body: { user: null } });
    const gallery = await (await SELF.fetch("http://localhost/api/content")).json<ContentListResponse>();
    expect(answers["/api/content"]).toEqual({ status: 200, body: gallery });
    const first = gallery.items[0]!.thumbnail_url!;
    expect(html).toContain(
      `<link rel="preload" as="image" href="${first.replace(/&/g, "&amp;")}" fetchpriority="high">`,
    );
    // Written anew each time: no ETag of the file (a 304 would bring back another visitor's state).
    expect(response.headers.get("etag")).toBeNull();
    expect(response.headers.get("cache-control")).toBe("no-cache");
    expect(response.headers.get("content-security-policy")).toContain("script-src 'self'");
  });

  it("home: the route's own files are preloaded, not the ones the entry loads anyway", async () => {
    const { html } = await page("/");
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/home-H.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/feed-F.js">');
    expect(html).toContain('<link rel="stylesheet" href="/assets/home-H.css">');
    expect(html).not.toContain("/assets/shared-S.js");
    expect(html).not.toContain("creator-C.js");
  });

  it("the embed page names its own chunk, in another site's frame too (docs/decisions/099)", async () => {
    const { html } = await page("/embed/01ARZ3NDEKTSV4RRFFQ69G5FAV");
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/embed-B.js">');
    expect(html).not.toContain("home-H.js");
  });

  it("a title that closes the script cannot end the answers early or add markup", async () => {
    const creator = await makeUser();
    const title = '</script><script>alert("x")</script><!--';
    await makeContent(creator.id, { title });
    const { html } = await page(`/creator/${creator.id}`);
    const answers = bootAnswers(html)!;
    const list = answers[`/api/content?creator=${creator.id}`]!.body as ContentListResponse;
    expect(list.items.map((i) => i.title)).toEqual([title]);
    expect(html).not.toContain("<script>alert");
  });

  it("creator page: the profile and the creator's items; an address that is not an id gets neither", async () => {
    const creator = await makeUser({ username: "paint_creator" });
    await makeContent(creator.id);
    const answers = bootAnswers((await page(`/creator/${creator.id}`)).html)!;
    expect(answers[`/api/users/${creator.id}`]?.status).toBe(200);
    expect((answers[`/api/content?creator=${creator.id}`]?.body as ContentListResponse).items).toHaveLength(1);
    expect(await (await SELF.fetch(`http://localhost/api/users/${creator.id}`)).json()).toEqual(
      answers[`/api/users/${creator.id}`]!.body,
    );
    const odd = bootAnswers((await page("/creator/not-an-id")).html)!;
    expect(Object.keys(odd).sort()).toEqual(["/api/analytics/config", "/api/session"]);
  });

  it("the sign-in pages carry no answers: who is signed in changes there", async () => {
    expect(bootAnswers((await page("/auth/callback?code=x&state=y")).html)).toBeNull();
    expect(bootAnswers((await page("/auth/dev")).html)).toBeNull();
  });

  it("a search in the address asks for other results: the gallery is left for the SPA to fetch", async () => {
    const answers = bootAnswers((await page("/?q=travel")).html)!;
    expect(answers).not.toHaveProperty("/api/content");
  });
});

describe("what is not written into a page", () => {
  it("a signed-in member's answers (they depend on the session): only the route's files", async () => {
    const member = await signedInBrowser("first-paint-member@example.com");
    const cookie = [...member.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const { html } = await page("/", { cookie });
    expect(bootAnswers(html)).toBeNull();
    expect(html).toContain('href="/assets/home-H.js"');
  });

  it("files other than pages pass untouched", async () => {
    const response = await serveSpa(
      new Request("http://localhost/assets/app.js", { headers: { accept: "*/*" } }),
      testEnv,
      api,
    );
    expect(await response.text()).not.toContain("boot-answers");
  });
});
