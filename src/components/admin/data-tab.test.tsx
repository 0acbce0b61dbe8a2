import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { LifecycleJson } from "../../../common/schemas/archive";
import { stubFetch } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { DataTab, formatBytes } from "./data-tab";

const SHA1 = "a".repeat(64);
const SHA2 = "b".repeat(64);

const lifecycle = (over: Partial<LifecycleJson> = {}): LifecycleJson => ({
  windows: {
    archive_visits_after_days: { value: 3, effective: 3, min: 1, max: 3650, default: 3 },
    archive_views_after_days: { value: 20, effective: 21, min: 21, max: 3650, default: 60 },
    notifications_keep_days: { value: 90, effective: 90, min: 7, max: 3650, default: 90 },
  },
  earnings_hold_days: 20,
  last_run: {
    started_at: "2026-11-26T10:00:00.000Z",
    finished_at: "2026-11-26T10:00:02.000Z",
    datasets: [
      {
        dataset: "visits",
        days_done: ["2026-07-01"],
        parts: 3,
        rows: 4500,
        kept: 0,
        bytes: 180_000,
        stopped: "no day is due",
        error: null,
      },
    ],
    notifications: {
      removed: 8000,
      keep_days: 90,
      before: "2026-08-28T10:00:00.000Z",
      stopped: "slice budget used; the next run goes on",
      error: null,
    },
  },
  datasets: [
    {
      dataset: "visits",
      days: [
        {
          day: "2026-07-02",
          status: "open",
          parts: 1,
          rows: 2000,
          kept: 0,
          bytes: 80_000,
          sha256: null,
          prev_sha256: null,
          started_at: "x",
          done_at: null,
        },
        {
          day: "2026-07-01",
          status: "done",
          parts: 3,
          rows: 4500,
          kept: 0,
          bytes: 180_000,
          sha256: SHA2,
          prev_sha256: SHA1,
          started_at: "x",
          done_at: "y",
        },
      ],
    },
  ],
  ...over,
});

const rowsOf = (name: string) =>
  within(screen.getByRole("table", { name }))
    .getAllByRole("row")
    .slice(1)
    .map((row) => [...row.children].map((c) => c.textContent));

describe("Data tab", () => {
  it("shows the windows with their minimums, the last run and the archived days with their files", async () => {
    stubFetch({ "GET /api/admin/archive": { body: lifecycle() } });
    renderWithQueries(<DataTab />);
    expect(await screen.findByLabelText("Keep page visits for (days)")).toHaveProperty("value", "3");
    expect(screen.getByLabelText("Keep views for (days)")).toHaveProperty("value", "20");
    expect(
      screen.getByText(
        /At least 21: the earnings hold \(20 days\) plus 1\. Older days show each member the day's summary; the recommendations remember each member's last week of finished items whatever this is\. Now 21 days/,
      ),
    ).toBeVisible();
    expect(
      screen.getByText(
        "At least 1: a session's later visits read its first. Dashboards read the day totals (page-day totals and the source, device and campaign counts stay 91 days).",
      ),
    ).toBeVisible();
    expect(screen.getByLabelText("Keep notifications for (days)")).toHaveProperty("value", "90");
    expect(
      screen.getByText(
        /At least 7: a week on the bell, which shows uploads of followed creators for 30 days whatever this is\. Older notifications are deleted, read or not/,
      ),
    ).toBeVisible();
    const run = screen.getByRole("region", { name: "Last run" });
    expect(within(run).getByText(/4,500 rows in 3 parts \(175\.8 KB\), 1 day finished/)).toBeVisible();
    expect(within(run).getByText(/no day is due/)).toBeVisible();
    expect(within(run).getByText(/8,000 older than 90 days deleted/)).toBeVisible();
    expect(within(run).getByText(/slice budget used/)).toBeVisible();
    expect(rowsOf("Archived page visits")).toEqual([
      ["Jul 2, 2026", "2,000", "78.1 KB", "—", "In progress", "—"],
      ["Jul 1, 2026", "4,500", "175.8 KB", "bbbbbbbbbbbb", "Archived", "DownloadManifest"],
    ]);
    // The table (from sm up) and the phone's list link the same files.
    for (const a of screen.getAllByRole("link", { name: "Download page visits of Jul 1, 2026" }))
      expect(a.getAttribute("href")).toBe("/api/admin/archive/visits/2026-07-01");
    for (const a of screen.getAllByRole("link", { name: "Manifest of page visits of Jul 1, 2026" })) {
      expect(a.getAttribute("href")).toBe("/api/admin/archive/visits/2026-07-01/manifest");
    }
    expect(screen.getAllByRole("link")).toHaveLength(4);
    const phone = within(screen.getByRole("list", { name: "Archived page visits" }))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(phone).toEqual([
      "Jul 2, 2026In progress2,000 rows · 78.1 KB",
      "Jul 1, 2026Archived4,500 rows · 175.8 KB · bbbbbbbbbbbbDownloadManifest",
    ]);
  });

  it("saves the windows, and shows the server's reason when it refuses them", async () => {
    const sent: unknown[] = [];
    let refuse = true;
    stubFetch({
      "GET /api/admin/archive": { body: lifecycle() },
      "PUT /api/admin/archive/windows": (init) => {
        sent.push(JSON.parse(String(init?.body)));
        return refuse
          ? {
              status: 400,
              body: {
                error: "archive_views_after_days must be at least 21 days (the earnings hold plus 1 day)",
                requestId: "r",
              },
            }
          : { body: lifecycle() };
      },
    });
    renderWithQueries(<DataTab />);
    fireEvent.change(await screen.findByLabelText("Keep views for (days)"), { target: { value: "25" } });
    fireEvent.click(screen.getByRole("button", { name: "Save windows" }));
    expect(
      await screen.findByText("The views window must be at least 21 days (the earnings hold plus 1 day)"),
    ).toBeVisible();
    expect(sent).toEqual([{ archive_visits_after_days: 3, archive_views_after_days: 25, notifications_keep_days: 90 }]);
    refuse = false;
    fireEvent.change(screen.getByLabelText("Keep views for (days)"), { target: { value: "55" } });
    fireEvent.click(screen.getByRole("button", { name: "Save windows" }));
    expect(await screen.findByText("Windows saved. The next run uses them.")).toBeVisible();
    expect(sent[1]).toEqual({
      archive_visits_after_days: 3,
      archive_views_after_days: 55,
      notifications_keep_days: 90,
    });
    fireEvent.change(screen.getByLabelText("Keep notifications for (days)"), { target: { value: "30" } });
    fireEvent.click(screen.getByRole("button", { name: "Save windows" }));
    await waitFor(() => expect(sent).toHaveLength(3));
    expect(sent[2]).toEqual({
      archive_visits_after_days: 3,
      archive_views_after_days: 55,
      notifications_keep_days: 30,
    });
    // An empty field is not sent.
    fireEvent.change(screen.getByLabelText("Keep page visits for (days)"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save windows" }));
    expect(await screen.findByText("Enter a whole number of days to keep page visits for.")).toBeVisible();
    expect(sent).toHaveLength(3);
  });

  it("runs the job now and shows the new report", async () => {
    let ran = false;
    const after = lifecycle({
      last_run: {
        started_at: "a",
        finished_at: "2026-11-26T11:00:00.000Z",
        datasets: [
          {
            dataset: "visits",
            days_done: [],
            parts: 0,
            rows: 0,
            kept: 0,
            bytes: 0,
            stopped: "no day is due",
            error: null,
          },
        ],
      },
    });
    const fetchMock = stubFetch({
      "GET /api/admin/archive": () => ({
        body: ran ? after : lifecycle({ last_run: null, datasets: [{ dataset: "visits", days: [] }] }),
      }),
      "POST /api/admin/archive/run": () => {
        ran = true;
        return { body: after.last_run };
      },
    });
    renderWithQueries(<DataTab />);
    expect(await screen.findByText(/No run yet/)).toBeVisible();
    expect(screen.getByText("No page visits archived yet")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Run now" }));
    expect(await screen.findByText(/nothing moved/)).toBeVisible();
    await waitFor(() => expect(fetchMock.mock.calls.filter(([, init]) => init?.method === "POST")).toHaveLength(1));
  });

  it("writes sizes as people read them", () => {
    expect([formatBytes(0), formatBytes(1023), formatBytes(1536), formatBytes(5 * 1024 ** 3)]).toEqual([
      "0 B",
      "1023 B",
      "1.5 KB",
      "5.0 GB",
    ]);
  });
});
