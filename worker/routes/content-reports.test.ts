import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ContentReportJson } from "../../common/schemas/moderation";
import { REPORTS_PER_HOUR } from "../middleware/rate-limit";
import { makeContent, makeUser } from "../test/factories";
import { signedInBrowser, type Browser } from "../test/http";
import { suspend, takeDown } from "../test/moderation";
import { member } from "../test/members";

// POST /api/content/{id}/report (docs/decisions/027).

const report = (b: Browser, contentId: string, body: unknown = { reason: "spam" }) =>
  b.json(`/api/content/${contentId}/report`, "POST", body);
const openReports = async (contentId: string) =>
  (
    await env.DB.prepare(
      "select reporter_id, reason, note, status from reports where content_id = ?1 order by created_at",
    )
      .bind(contentId)
      .all()
  ).results;

describe("POST /api/content/{id}/report", () => {
  it("files a report (201), and a second one updates it (200): one open report per member and item", async () => {
    const creator = await makeUser();
    const item = await makeContent(creator.id);
    const { browser, id } = await member("reporter");
    const first = await report(browser, item.id, { reason: "spam", note: "  Link farm  " });
    expect(first.status).toBe(201);
    const filed = await first.json<ContentReportJson>();
    expect(filed).toMatchObject({ content_id: item.id, reason: "spam", note: "Link farm" });
    const again = await report(browser, item.id, { reason: "copyright", note: "My song" });
    expect(again.status).toBe(200);
    const updated = await again.json<ContentReportJson>();
    expect(updated).toMatchObject({ id: filed.id, reason: "copyright", note: "My song", created_at: filed.created_at });
    expect(updated.updated_at >= filed.updated_at).toBe(true);
    // Sent twice at once: still one open report.
    const both = await Promise.all([
      report(browser, item.id, { reason: "abuse" }),
      report(browser, item.id, { reason: "other" }),
    ]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    expect(await openReports(item.id)).toEqual([
      { reporter_id: id, reason: expect.stringMatching(/abuse|other/), note: "", status: "open" },
    ]);
    // Another member's report of the same item is their own.
    expect((await report((await member("reporter")).browser, item.id)).status).toBe(201);
    expect(await openReports(item.id)).toHaveLength(2);
  });

  it("files a new report once the moderators closed the earlier one", async () => {
    const item = await makeContent((await makeUser()).id);
    const { browser } = await member("reporter");
    const admin = await signedInBrowser("admin@example.com");
    expect((await report(browser, item.id)).status).toBe(201);
    expect(
      (await admin.json(`/api/admin/moderation/content/${item.id}`, "POST", { action: "dismiss", note: "Fine" }))
        .status,
    ).toBe(200);
    expect((await report(browser, item.id, { reason: "abuse" })).status).toBe(201);
    expect((await openReports(item.id)).map((r) => r.status)).toEqual(["dismissed", "open"]);
  });

  it("refuses one's own item (403), unknown and hidden items (404), and bad input (400)", async () => {
    const { browser, id } = await member("creator");
    const own = await makeContent(id);
    const refused = await report(browser, own.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: "own_content" });
    expect((await report(browser, "01ARZ3NDEKTSV4RRFFQ69G5FAV")).status).toBe(404);

    const removed = await makeContent((await makeUser()).id);
    await takeDown(removed.id);
    expect((await report(browser, removed.id)).status).toBe(404);
    const suspendedCreator = await makeUser();
    const ofSuspended = await makeContent(suspendedCreator.id);
    await suspend(suspendedCreator.id);
    expect((await report(browser, ofSuspended.id)).status).toBe(404);

    const item = await makeContent((await makeUser()).id);
    for (const body of [
      {},
      { reason: "boring" },
      { reason: "spam", note: "x".repeat(501) },
      { reason: "spam", note: 5 },
    ]) {
      expect((await report(browser, item.id, body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    }
    expect(await openReports(item.id)).toEqual([]);
  });

  it("refuses a suspended member with 403 and the suspension's words", async () => {
    const item = await makeContent((await makeUser()).id);
    const { browser, id } = await member("reporter");
    await suspend(id);
    const res = await report(browser, item.id);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: "Your account is suspended", code: "suspended" });
    expect(await openReports(item.id)).toEqual([]);
  });

  it(`allows ${REPORTS_PER_HOUR} reports an hour per member, then answers 429 with the usual shape`, async () => {
    // Counts are per UTC hour: do not start in its last seconds.
    const left = 3_600_000 - (Date.now() % 3_600_000);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const items = await Promise.all(Array.from({ length: 3 }, async () => makeContent((await makeUser()).id)));
    const { browser } = await member("flooder");
    const statuses: number[] = [];
    for (let i = 0; i < REPORTS_PER_HOUR; i++) statuses.push((await report(browser, items[i % 3]!.id)).status);
    expect(statuses.filter((s) => s !== 201 && s !== 200)).toEqual([]);
    const refused = await report(browser, items[0]!.id);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({
      code: "rate_limited",
      error: expect.stringContaining("too many reports"),
      requestId: expect.any(String),
    });
    // Another member is not held back.
    expect((await report((await member("reporter")).browser, items[0]!.id)).status).toBe(201);
  });
});
