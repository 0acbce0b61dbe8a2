import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TrafficDashboard } from "../../common/schemas/traffic";
import { users } from "../db/schema";
import { AcceptedVisits } from "../test/traffic-queue";
import { makeContent, testDb } from "../test/factories";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
let sessions = 0;
const sessionId = () => `top-pages-${Date.now().toString(36)}-${++sessions}`;

let addresses = 0;
const accepted = new AcceptedVisits();
async function visitTimes(page_path: string, times: number) {
  const anon = new Browser();
  // One address per page: the tracker allows 120 visits a minute from one.
  const ip = `192.0.2.${100 + ++addresses}`;
  for (let i = 0; i < times; i++) {
    const session_id = sessionId();
    const res = await anon.json(
      "/api/analytics/track",
      "POST",
      {
        session_id,
        user_id: null,
        referrer: null,
        visit_duration: 0,
        page_views: 1,
        device_type: "desktop",
        browser: "chrome",
        user_agent: "test",
        page_path,
      },
      { "cf-connecting-ip": ip },
    );
    expect(accepted.note(session_id, res).status).toBe(204);
  }
  await accepted.delivered();
}

describe("traffic Top Pages", () => {
  it("names the content and the creator behind /content/{id} and /creator/{id} paths", async () => {
    const creator = await signedInBrowser(uniqueEmail("titled"));
    const creatorId = await idOf(creator);
    const username = `titled_${Date.now().toString(36).slice(-8)}`;
    await testDb().update(users).set({ username }).where(eq(users.id, creatorId));
    const item = await makeContent(creatorId, { title: "Sunset over the bay" });
    const contentPage = `/content/${item.id}`;
    const creatorPage = `/creator/${creatorId}`;
    // Many views, so these pages lead the site-wide list whatever else the tests tracked.
    await visitTimes(contentPage, 40);
    await visitTimes(`${contentPage}?t=30`, 38);
    await visitTimes(creatorPage, 36);
    await visitTimes("/content/01ZZZZZZZZZZZZZZZZZZZZZZZZ", 34);

    const own = await (await creator.fetch("/api/analytics/dashboard?range=1d")).json<TrafficDashboard>();
    expect(own.overview.topPages).toEqual([
      { page: contentPage, views: 40, title: "Sunset over the bay" },
      { page: creatorPage, views: 36, title: username },
    ]);

    const admin = await signedInBrowser("admin@example.com");
    const site = await (await admin.fetch("/api/admin/analytics/dashboard?range=1d")).json<TrafficDashboard>();
    const byPage = new Map(site.overview.topPages.map((p) => [p.page, p]));
    expect(byPage.get(contentPage)).toEqual({ page: contentPage, views: 40, title: "Sunset over the bay" });
    expect(byPage.get(`${contentPage}?t=30`)?.title).toBe("Sunset over the bay");
    expect(byPage.get(creatorPage)?.title).toBe(username);
    // An id nothing has (deleted content, a typo) keeps its path alone.
    expect(byPage.get("/content/01ZZZZZZZZZZZZZZZZZZZZZZZZ")).toEqual({
      page: "/content/01ZZZZZZZZZZZZZZZZZZZZZZZZ",
      views: 34,
    });
  });
});
