import { env } from "cloudflare:test";
import { beforeEach, describe, expect, it } from "vitest";
import type { LifecycleJson } from "../../../common/schemas/archive";
import { addDays, dayOf } from "../../lib/days";
import {
  archivedLines,
  pageDaysRowsOf,
  resetArchiveWorld,
  rollTotalsAt,
  seedVisitsDay,
  visitsRowsOf,
} from "../../test/archive";
import { Browser, signedInBrowser, uniqueEmail } from "../../test/http";
import { decodeLines } from "../../domain/archive/part-file";

// The admin's data lifecycle API (docs/decisions/051): windows with their minimums, "Run now", archived days.

beforeEach(resetArchiveWorld);

describe("/api/admin/archive", () => {
  it("is for admins only", async () => {
    const member = await signedInBrowser(uniqueEmail("arch-member"));
    const anonymous = new Browser();
    for (const [method, path, body] of [
      ["GET", "/api/admin/archive"],
      ["PUT", "/api/admin/archive/windows", { archive_visits_after_days: 100, archive_views_after_days: 100 }],
      ["POST", "/api/admin/archive/run", {}],
      ["GET", "/api/admin/archive/visits/2026-01-01"],
      ["GET", "/api/admin/archive/visits/2026-01-01/manifest"],
    ] as const) {
      const send = (b: Browser) => (body ? b.json(path, method, body) : b.fetch(path, { method }));
      expect((await send(member)).status, `${method} ${path}`).toBe(403);
      expect((await send(anonymous)).status, `${method} ${path}`).toBe(401);
    }
  });

  it("shows and changes the windows, with the minimums the server keeps", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const first = await (await admin.fetch("/api/admin/archive")).json<LifecycleJson>();
    expect(first.windows).toEqual({
      // The defaults are the minimums at the default 7-day hold (decision 077).
      archive_visits_after_days: { value: 1, effective: 1, min: 1, max: 3650, default: 1 },
      archive_views_after_days: { value: 8, effective: 8, min: 8, max: 3650, default: 8 },
      notifications_keep_days: { value: 7, effective: 7, min: 7, max: 3650, default: 7 },
    });
    expect(first.last_run).toBeNull();
    expect(first.datasets.map((d) => d.dataset)).toContain("visits");

    const put = (body: unknown) => admin.json("/api/admin/archive/windows", "PUT", body);
    const refused = async (body: unknown) => {
      const res = await put(body);
      expect(res.status).toBe(400);
      return (await res.json<{ error: string }>()).error;
    };
    // Dashboards read day totals only (decision 054): raw visits stay a day past their own (062), the least a live session needs.
    expect(await refused({ archive_visits_after_days: 0, archive_views_after_days: 60 })).toBe(
      "archive_visits_after_days: archive_visits_after_days must be at least 1 day",
    );
    expect(await refused({ archive_visits_after_days: -1, archive_views_after_days: 60 })).toBe(
      "archive_visits_after_days: archive_visits_after_days must be at least 1 day",
    );
    expect(await refused({ archive_visits_after_days: 91, archive_views_after_days: 7 })).toBe(
      "archive_views_after_days must be at least 8 days (the earnings hold plus 1 day)",
    );
    expect(await refused({ archive_visits_after_days: 91, archive_views_after_days: 5 })).toBe(
      "archive_views_after_days must be at least 8 days (the earnings hold plus 1 day)",
    );
    expect(await refused({ archive_visits_after_days: 91, archive_views_after_days: 0 })).toBe(
      "archive_views_after_days: archive_views_after_days must be at least 1 day",
    );
    expect(await refused({ archive_visits_after_days: 91.5, archive_views_after_days: 60 })).toMatch(
      /^archive_visits_after_days: .*whole number/,
    );
    expect(await refused({ archive_visits_after_days: "91", archive_views_after_days: 60 })).toMatch(
      /^archive_visits_after_days: /,
    );
    expect(await refused({ archive_visits_after_days: 91, archive_views_after_days: 3651 })).toMatch(/at most 3650/);
    expect(await refused({ archive_visits_after_days: 91 })).toMatch(/^archive_views_after_days: /);
    // How long notifications stay (decisions 055, 057): a week at least.
    expect(
      await refused({ archive_visits_after_days: 91, archive_views_after_days: 60, notifications_keep_days: 6 }),
    ).toBe("notifications_keep_days: notifications_keep_days must be at least 7 days");
    expect(
      await refused({ archive_visits_after_days: 91, archive_views_after_days: 60, notifications_keep_days: 3651 }),
    ).toMatch(/at most 3650/);
    expect(
      await refused({ archive_visits_after_days: 91, archive_views_after_days: 60, notifications_keep_days: 45.5 }),
    ).toMatch(/^notifications_keep_days: .*whole number/);

    const changed = await put({ archive_visits_after_days: 2, archive_views_after_days: 14 });
    expect(changed.status).toBe(200);
    expect((await changed.json<LifecycleJson>()).windows.archive_visits_after_days).toMatchObject({
      value: 2,
      effective: 2,
    });
    // Left out, how long notifications stay is unchanged; sent, it is saved and audited like the windows.
    expect(
      (await (await admin.fetch("/api/admin/archive")).json<LifecycleJson>()).windows.notifications_keep_days.value,
    ).toBe(7);
    const notices = await put({
      archive_visits_after_days: 2,
      archive_views_after_days: 14,
      notifications_keep_days: 30,
    });
    expect((await notices.json<LifecycleJson>()).windows.notifications_keep_days).toMatchObject({
      value: 30,
      effective: 30,
      min: 7,
    });
    const audits = await env.DB.prepare(
      `select entity_id, before, after from audit_log where entity = 'setting' and entity_id like 'archive_%' order by entity_id`,
    ).all();
    expect(audits.results).toEqual([
      {
        entity_id: "archive_views_after_days",
        before: JSON.stringify({ archive_views_after_days: "8" }),
        after: JSON.stringify({ archive_views_after_days: "14" }),
      },
      {
        entity_id: "archive_visits_after_days",
        before: JSON.stringify({ archive_visits_after_days: "1" }),
        after: JSON.stringify({ archive_visits_after_days: "2" }),
      },
    ]);
    const noticeAudit = await env.DB.prepare(
      `select before, after from audit_log where entity = 'setting' and entity_id = 'notifications_keep_days'`,
    ).all();
    expect(noticeAudit.results).toEqual([
      {
        before: JSON.stringify({ notifications_keep_days: "7" }),
        after: JSON.stringify({ notifications_keep_days: "30" }),
      },
    ]);

    // Raising the earnings hold lifts the views window's minimum, and the window with it.
    expect(
      (await admin.json("/api/admin/earning-rules", "PATCH", { key: "earnings_hold_days", value: 20 })).status,
    ).toBe(200);
    const after = await (await admin.fetch("/api/admin/archive")).json<LifecycleJson>();
    expect(after.earnings_hold_days).toBe(20);
    expect(after.windows.archive_views_after_days).toMatchObject({ value: 14, effective: 21, min: 21 });
    expect(await refused({ archive_visits_after_days: 91, archive_views_after_days: 20 })).toMatch(/at least 21 days/);
    await admin.json("/api/admin/earning-rules", "PATCH", { key: "earnings_hold_days", value: 7 });
  });

  it("runs now, lists the archived days and serves each day's file and manifest", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const now = Date.now();
    const [old1, old2, recent] = [addDays(dayOf(now), -200), addDays(dayOf(now), -199), addDays(dayOf(now), -1)];
    for (const d of [old1, old2, recent]) await seedVisitsDay(d!, 6);
    await rollTotalsAt(now);
    const rows1 = await visitsRowsOf(old1!);
    const pageDaysOf1 = await pageDaysRowsOf(old1!);
    expect(pageDaysOf1.length).toBeGreaterThan(0);

    const run = await admin.json("/api/admin/archive/run", "POST", {});
    expect(run.status).toBe(200);
    const report = (await run.json<LifecycleJson["last_run"]>())!;
    expect(report.datasets[0]).toMatchObject({ dataset: "visits", days_done: [old1, old2], error: null });
    expect(report.datasets[1]).toMatchObject({ dataset: "page-days", days_done: [old1, old2], error: null });
    const shown = await (await admin.fetch("/api/admin/archive")).json<LifecycleJson>();
    expect(shown.last_run!.datasets[0]!.days_done).toEqual([old1, old2]);
    const days = shown.datasets.find((d) => d.dataset === "visits")!.days;
    expect(days.map((d) => [d.day, d.status, d.rows])).toEqual([
      [old2, "done", expect.any(Number)],
      [old1, "done", rows1.length],
    ]);
    expect(days[0]!.prev_sha256).toBe(days[1]!.sha256);

    const file = await admin.fetch(`/api/admin/archive/visits/${old1}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/gzip");
    expect(file.headers.get("content-disposition")).toBe(`attachment; filename="reelpay-visits-${old1}.ndjson.gz"`);
    const bytes = new Uint8Array(await file.arrayBuffer());
    expect(bytes.byteLength).toBe(days[1]!.bytes);
    expect(await decodeLines(bytes)).toEqual(rows1); // one part: one gzip member
    expect(await archivedLines("visits", old1!)).toEqual(rows1);

    // Page-day totals are a dataset of their own (decision 054), downloaded the same way.
    const pageDays = await admin.fetch(`/api/admin/archive/page-days/${old1}`);
    expect(pageDays.status).toBe(200);
    expect(pageDays.headers.get("content-disposition")).toBe(
      `attachment; filename="reelpay-page-days-${old1}.ndjson.gz"`,
    );
    expect(await decodeLines(new Uint8Array(await pageDays.arrayBuffer()))).toEqual(pageDaysOf1);

    const manifest = await admin.fetch(`/api/admin/archive/visits/${old2}/manifest`);
    expect(manifest.status).toBe(200);
    expect(await manifest.json()).toMatchObject({
      dataset: "visits",
      day: old2,
      rows: days[0]!.rows,
      prev_sha256: days[1]!.sha256,
    });

    const error = async (path: string, status: number) => {
      const res = await admin.fetch(path);
      expect(res.status, path).toBe(status);
      return (await res.json<{ error: string }>()).error;
    };
    expect(await error(`/api/admin/archive/visits/${recent}`, 404)).toBe(
      `No archived visits day ${recent}: it is still in the database or had no rows`,
    );
    expect(await error(`/api/admin/archive/views/${old1}/manifest`, 404)).toMatch(/^No archived views day/);
    expect(await error(`/api/admin/archive/visits/2026-02-30`, 400)).toBe("day: day is not a calendar date");
    expect(await error(`/api/admin/archive/visits/yesterday/manifest`, 400)).toBe(
      "day: day must be a UTC date written YYYY-MM-DD",
    );
    expect(await error(`/api/admin/archive/pages/${old1}`, 400)).toBe(
      "dataset: dataset must be visits, page-days, views or member-days",
    );
  });
});
