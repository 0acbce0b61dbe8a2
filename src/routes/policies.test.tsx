import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { stubFetch } from "../test/fetch";
import { renderApp } from "../test/render-route";

// The Terms of Service and the Privacy Policy are real pages (issue: the sign-in dialog named them and linked to
// nothing), reached from every screen's footer. Their numbers are the product's: the reward and the share to
// watch as the server states them, the payout minimum and the appeal window from the shared constants.

describe("Terms and Privacy pages", () => {
  it("the footer of every screen links to both, and Terms states the money rules as the server does", async () => {
    stubFetch({});
    const { router } = renderApp("/");
    const footer = await screen.findByRole("contentinfo");
    fireEvent.click(within(footer).getByRole("link", { name: "Terms of Service" }));
    expect(await screen.findByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
    expect(router.state.location.pathname).toBe("/terms");
    const page = screen.getByRole("main");
    // The reward and the share come from GET /api/view-reward (src/test/fetch.ts answers $0.003 and 80).
    expect(await within(page).findByText(/earns \$0\.003/)).toBeVisible();
    expect(page.textContent).toContain("at least 80%");
    expect(page.textContent).toContain("$25.00");
    expect(page.textContent).toContain("within 30 days");
    expect(page.textContent).toContain("Your own uploads never earn");
    expect(document.title).toBe("Terms of Service | Reelpay");
  });

  it("Privacy says what is kept and why, and links back to Terms", async () => {
    stubFetch({});
    renderApp("/privacy");
    expect(await screen.findByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
    const page = screen.getByRole("main");
    expect(page.textContent).toContain("a one-way hash of your network address");
    expect(page.textContent).toContain("We never sell");
    expect(within(page).getByRole("link", { name: "Terms of Service" }).getAttribute("href")).toBe("/terms");
    expect(document.title).toBe("Privacy Policy | Reelpay");
  });
});
