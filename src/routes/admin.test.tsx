import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { LifecycleJson } from "../../common/schemas/archive";
import { adminPayment, ben, makeAdminUser, stubAdmin, viewer } from "../test/admin-fixtures";
import type { PaymentJson } from "../../common/schemas/payments";
import { useAuth } from "../stores/auth";
import { admin } from "../test/fixtures";
import { renderApp } from "../test/render-route";

const emptyAnalytics = { topContent: [], topUsers: [], topEarners: [], discoveryStats: [] };
const summaryValue = (label: string) =>
  within(screen.getByLabelText("Summary")).getByText(label).nextElementSibling?.textContent;

beforeEach(() => {
  useAuth.setState({ user: admin, pending: false });
});

describe("admin dashboard", () => {
  it("has the spec's eight tabs and then Reviews, Moderation, Audit and Data, Analytics first and selected", async () => {
    stubAdmin({ "GET /api/admin/analytics": { body: emptyAnalytics } });
    renderApp("/admin");
    await screen.findByRole("tablist", { name: "Admin sections" });
    const tabs = screen.getAllByRole("tab");
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      "Analytics",
      "Traffic",
      "Earnings Log",
      "All Users",
      "Ad Settings",
      "Sign-On Challenges",
      "Manual Earnings",
      "Payments",
      "Reviews",
      "Moderation",
      "Audit",
      "Data",
    ]);
    expect(tabs[0].getAttribute("aria-selected")).toBe("true");
    const panel = screen.getByRole("tabpanel", { name: "Analytics" });
    expect(await within(panel).findByText("No content has been viewed yet")).toBeVisible();
  });

  it("sums completed payments, users and their content in the summary cards", async () => {
    stubAdmin({
      "GET /api/admin/analytics": { body: emptyAnalytics },
      "GET /api/admin/users": { body: [viewer, ben, makeAdminUser({ content_count: 3 })] },
      "GET /api/admin/payments": {
        body: [
          adminPayment({ amount_usd: 10.25, status: "completed" }),
          adminPayment({ amount_usd: 0.5, status: "completed" }),
          adminPayment({ amount_usd: 4 }), // pending: not paid yet
        ],
      },
    });
    renderApp("/admin");
    await waitFor(() => expect(summaryValue("Total Earnings Paid")).toBe("$10.75"));
    expect(summaryValue("Total Users")).toBe("3");
    expect(summaryValue("Total Content")).toBe("15");
  });

  it("refreshes the summary cards after a saved change", async () => {
    let payments: PaymentJson[] = [];
    stubAdmin({
      "GET /api/admin/analytics": { body: emptyAnalytics },
      "GET /api/admin/payments": () => ({ body: payments }),
      "POST /api/admin/payments": () => {
        payments = [adminPayment({ amount_usd: 12, status: "completed" })];
        return { status: 201, body: payments[0] };
      },
    });
    renderApp("/admin");
    await waitFor(() => expect(summaryValue("Total Earnings Paid")).toBe("$0.00"));
    fireEvent.click(screen.getByRole("tab", { name: "Payments" }));
    fireEvent.click(await screen.findByRole("button", { name: "Record Payment" }));
    const dialog = within(screen.getByRole("dialog", { name: "Record Payment" }));
    fireEvent.click(dialog.getByRole("combobox", { name: "User" }));
    fireEvent.click(await dialog.findByRole("option", { name: /viewer@example.com/ }));
    fireEvent.change(dialog.getByLabelText("Amount (USD)"), { target: { value: "12" } });
    fireEvent.change(dialog.getByLabelText("Payment Method"), { target: { value: "Venmo" } });
    fireEvent.click(dialog.getByRole("button", { name: "Record Payment" }));

    await waitFor(() => expect(summaryValue("Total Earnings Paid")).toBe("$12.00"));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(await screen.findByRole("cell", { name: "$12.00" })).toBeVisible();
  });

  it("switches panels by click and by arrow keys; Traffic shows the site's analytics dashboard", async () => {
    const noArchive: LifecycleJson = {
      windows: {
        archive_visits_after_days: { value: 3, effective: 3, min: 2, max: 3650, default: 3 },
        archive_views_after_days: { value: 60, effective: 60, min: 37, max: 3650, default: 60 },
        notifications_keep_days: { value: 90, effective: 90, min: 30, max: 3650, default: 90 },
      },
      earnings_hold_days: 7,
      last_run: null,
      datasets: [],
    };
    const noTraffic = {
      since: "2026-11-19T00:00:00.000Z",
      overview: { totalVisitors: 0, pageViews: 0, avgSessionDuration: 0, bounceRate: 0, topPages: [], topSources: [] },
      timeline: [],
      devices: [],
      campaigns: [],
    };
    stubAdmin({
      "GET /api/admin/analytics": { body: emptyAnalytics },
      "GET /api/admin/audit": { body: [] },
      "GET /api/admin/analytics/dashboard": { body: noTraffic },
      "GET /api/admin/archive": { body: noArchive },
    });
    renderApp("/admin");
    fireEvent.click(await screen.findByRole("tab", { name: "Traffic" }));
    expect(
      await within(screen.getByRole("tabpanel", { name: "Traffic" })).findByText("No Analytics Data"),
    ).toBeVisible();
    // The note under the dashboard opens the Data tab, then the keys go on from there.
    fireEvent.click(within(screen.getByRole("tabpanel", { name: "Traffic" })).getByRole("button", { name: "Data" }));
    expect(
      await within(screen.getByRole("tabpanel", { name: "Data" })).findByRole("heading", { name: "Archive windows" }),
    ).toBeVisible();
    expect(screen.getByRole("tab", { name: "Data" }).getAttribute("aria-selected")).toBe("true");
    fireEvent.click(screen.getByRole("tab", { name: "Traffic" }));
    await within(screen.getByRole("tabpanel", { name: "Traffic" })).findByText("No Analytics Data");

    fireEvent.keyDown(screen.getByRole("tab", { name: "Traffic" }), { key: "ArrowLeft" });
    const analytics = screen.getByRole("tab", { name: "Analytics" });
    expect(analytics.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(analytics);

    fireEvent.keyDown(analytics, { key: "End" });
    fireEvent.keyDown(screen.getByRole("tab", { name: "Data" }), { key: "ArrowLeft" });
    expect(screen.getByRole("tab", { name: "Audit" }).getAttribute("tabindex")).toBe("0");
    expect(analytics.getAttribute("tabindex")).toBe("-1");
    expect(
      await within(screen.getByRole("tabpanel", { name: "Audit" })).findByText("No changes recorded yet"),
    ).toBeVisible();
  });
});
