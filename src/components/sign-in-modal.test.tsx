import { fireEvent, render, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { stubFetch } from "../test/fetch";
import { renderWithQueries } from "../test/query-client";
import { SignInModal } from "./sign-in-modal";

function renderModal() {
  const onClose = vi.fn();
  renderWithQueries(<SignInModal open onClose={onClose} />);
  return { onClose, dialog: screen.getByRole("dialog", { name: "Welcome to Reelpay" }) };
}

// The reward and the share to watch come from GET /api/view-reward (src/test/fetch.ts answers as the server does).
beforeEach(() => {
  stubFetch({});
});

describe("SignInModal", () => {
  it("shows the offer: bonus, exactly four benefits and the terms notice", async () => {
    const { dialog } = renderModal();
    // No amount before the server states it.
    expect(dialog.textContent).not.toContain("$0.003");
    await within(dialog).findByText("Earn $0.003 for every video or track you watch to 80%");
    expect(dialog.getAttribute("aria-modal")).toBe("true");
    const text = dialog.textContent ?? "";
    expect(text).toContain("$50 to $100");
    expect(text).toContain("By continuing you agree to our Terms of Service and Privacy Policy.");
    // Both name real pages, opened beside the dialog so the visitor keeps their place.
    const terms = within(dialog).getByRole("link", { name: "Terms of Service" });
    const privacy = within(dialog).getByRole("link", { name: "Privacy Policy" });
    expect(terms.getAttribute("href")).toBe("/terms");
    expect(privacy.getAttribute("href")).toBe("/privacy");
    expect(terms.getAttribute("target")).toBe("_blank");
    expect(terms.getAttribute("rel")).toContain("noopener");
    const benefits = within(dialog)
      .getAllByRole("listitem")
      .map((item) => item.textContent);
    expect(benefits).toEqual([
      "✓Earn $0.003 for every video or track you watch to 80%",
      "✓Earn as a creator every time others watch your uploads",
      "✓AI recommendations that learn from your likes",
      "✓Ask for a payout once $25.00 is available; our team sends it",
    ]);
  });

  it("moves focus to Continue with Google, which starts the sign-in flow", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    stubFetch({ "GET /api/oauth/google/redirect_url": { body: { redirectUrl: "https://accounts.example/o" } } });
    renderModal();
    const continueButton = screen.getByRole("button", { name: "Continue with Google" });
    expect(document.activeElement).toBe(continueButton);
    fireEvent.click(continueButton);
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith("https://accounts.example/o"));
  });

  it("closes with Escape and with the close button", () => {
    const { onClose } = renderModal();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: "Escape" });
    expect(onClose).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("renders nothing while closed", () => {
    render(<SignInModal open={false} onClose={() => {}} />);
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});
