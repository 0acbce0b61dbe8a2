import { fireEvent, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../stores/auth";
import { admin } from "../test/fixtures";
import { renderApp } from "../test/render-route";

beforeEach(() => {
  useAuth.setState({ user: admin, pending: false });
});

describe("admin dashboard", () => {
  it("has the spec's eight tabs, Analytics first and selected", async () => {
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
    ]);
    expect(tabs[0].getAttribute("aria-selected")).toBe("true");
    expect(screen.getByRole("tabpanel", { name: "Analytics" }).textContent).toMatch(/^Coming soon: /);
  });

  it("switches panels by click and by arrow keys", async () => {
    renderApp("/admin");
    fireEvent.click(await screen.findByRole("tab", { name: "Payments" }));
    expect(screen.getByRole("tabpanel", { name: "Payments" }).textContent).toContain("payouts");
    expect(screen.getByRole("tab", { name: "Analytics" }).getAttribute("aria-selected")).toBe("false");

    fireEvent.keyDown(screen.getByRole("tab", { name: "Payments" }), { key: "ArrowRight" });
    const analytics = screen.getByRole("tab", { name: "Analytics" });
    expect(analytics.getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(analytics);
    expect(screen.getByRole("tabpanel", { name: "Analytics" })).toBeTruthy();

    fireEvent.keyDown(analytics, { key: "End" });
    expect(screen.getByRole("tab", { name: "Payments" }).getAttribute("tabindex")).toBe("0");
    expect(analytics.getAttribute("tabindex")).toBe("-1");
  });
});
