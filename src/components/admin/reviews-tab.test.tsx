import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ReviewJson } from "../../../common/schemas/admin-reviews";
import { expectConsoleError } from "../../test/console";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { makeReview } from "../../test/admin-fixtures";
import { ReviewsTab } from "./reviews-tab";
import { renderWithQueries } from "../../test/query-client";

// Fraud flags on held view rewards (docs/decisions/019): list, sweep, reverse or clear with a note.

type Reply = { status?: number; body?: unknown };

const ring = makeReview();
const sharedIp = makeReview({
  rule: "shared_ip",
  title: "Viewer and creator share an address",
  users: [
    { id: "u8", email: "solo@example.com", username: null, created_at: "2026-11-01T08:00:00.000Z" },
    { id: "u9", email: "maker@example.com", username: "maker", created_at: "2026-10-01T08:00:00.000Z" },
  ],
  evidence: [
    "The viewer watched from an address the creator also watches from",
    "1 paid view still in holding from viewer to creator",
  ],
  views_count: 1,
  earnings_count: 1,
  amount_usd: 0.003,
});
const cleared = makeReview({
  status: "cleared",
  users: [{ id: "u7", email: "twin@example.com", username: null, created_at: "2026-11-02T08:00:00.000Z" }],
  decided_at: "2026-11-23T12:00:00.000Z",
  decided_by_email: "admin@example.com",
  note: "Family members, checked",
});
const reversed = makeReview({
  rule: "daily_cap",
  status: "reversed",
  title: "Viewer at the daily cap every day",
  decided_at: "2026-11-24T12:00:00.000Z",
  decided_by_email: "root@example.com",
  note: "Bot pattern",
});

const bonusFlag = makeReview({
  rule: "bonus_risk",
  title: "Sign-on bonus failed its checks while held",
  users: [{ id: "u6", email: "newcomer@example.com", username: null, created_at: "2026-11-20T08:00:00.000Z" }],
  evidence: [
    "Too few of the views on the member's uploads come from independent viewers: the others share an address with a claimant, or also counted for another claimant's uploads",
    "A $75.00 sign-on bonus awarded 2026-11-21, still in holding: nothing was found when it was awarded",
  ],
  views_count: 0,
  earnings_count: 0,
  amount_usd: 75,
});

/** The tab, answering the list per status from `lists` (which the returned `state` may change), and `routes`. */
function openTab(lists: { open: ReviewJson[]; all: ReviewJson[] }, routes: Record<string, Reply | (() => Reply)> = {}) {
  const state = { ...lists };
  const statuses: string[] = [];
  const fetchMock = stubFetch({
    "GET /api/admin/reviews": (_init, url) => {
      const status = url.searchParams.get("status") ?? "";
      statuses.push(status);
      return { body: { reviews: status === "all" ? state.all : state.open } };
    },
    ...routes,
  });
  renderWithQueries(<ReviewsTab />);
  return { fetchMock, state, statuses };
}

const ringAccounts = "viewer@example.com and ben@example.com";
/** The flag cards in order, once `count` are shown. */
const cards = async (count: number) => {
  await waitFor(() => expect(screen.getAllByRole("article")).toHaveLength(count));
  return screen.getAllByRole("article").map((article) => within(article));
};

describe("Reviews tab", () => {
  it("lists open flags: title, rule and status, date, accounts, evidence, what they cover, and the two decisions", async () => {
    const { statuses } = openTab({ open: [ring, sharedIp], all: [] });
    await screen.findByRole("list", { name: "Open flags" });
    expect(statuses).toContain("open");
    expect(screen.getByRole("button", { name: "Open", pressed: true })).toBeVisible();
    const [card, other] = await cards(2);

    expect(card.getByRole("heading", { level: 3 }).textContent).toBe("New accounts watching each other");
    expect(card.getByText("Watch ring").dataset.tone).toBe("violet");
    expect(card.getByText("Open").dataset.tone).toBe("yellow");
    expect(card.getByText(/^Flagged /).textContent).toMatch(/^Flagged Nov 2[12], 2026$/);
    const accounts = card.getByRole("list", { name: "Accounts" });
    expect(
      within(accounts)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual([
      expect.stringMatching(/^viewer@example\.com · joined Nov 20, 2026$/),
      expect.stringMatching(/^ben@example\.com \(benny\) · joined Nov 20, 2026$/),
    ]);
    expect(
      within(card.getByRole("list", { name: "Evidence" }))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(ring.evidence);
    expect(card.getByText("12 views · 24 earnings · $0.072")).toBeVisible();
    // The buttons name the accounts, since every flag of a rule has the same title.
    expect(card.getByRole("button", { name: `Reverse earnings for ${ringAccounts}` }).textContent).toBe(
      "Reverse earnings",
    );
    expect(card.getByRole("button", { name: `Clear flag for ${ringAccounts}` }).textContent).toBe("Clear");

    expect(other.getByText("Shared network")).toBeVisible();
    expect(other.getByText("1 view · 1 earning · $0.003")).toBeVisible();
    expect(
      other.getByRole("button", { name: "Reverse earnings for solo@example.com and maker@example.com" }),
    ).toBeVisible();
  });

  it("shows every flag under All, settled ones with who decided, when and why, and no buttons", async () => {
    const { statuses } = openTab({ open: [ring], all: [ring, reversed, cleared] });
    await screen.findByRole("list", { name: "Open flags" });
    fireEvent.click(screen.getByRole("button", { name: "All" }));
    expect(screen.getByRole("button", { name: "All", pressed: true })).toBeVisible();
    const [, gone, fine] = await cards(3);
    expect(screen.getByRole("list", { name: "All flags" })).toBeVisible();
    expect(statuses.at(-1)).toBe("all");

    expect(gone.getByText("Reversed").dataset.tone).toBe("red");
    expect(gone.getByText(/^Reversed by/).textContent).toMatch(
      /^Reversed by root@example\.com on Nov 2[45], 2026: Bot pattern$/,
    );
    expect(gone.queryByRole("button")).toBeNull();
    expect(fine.getByText("Cleared").dataset.tone).toBe("green");
    expect(fine.getByText(/^Cleared by/).textContent).toMatch(
      /^Cleared by admin@example\.com on Nov 2[34], 2026: Family members, checked$/,
    );
    expect(fine.queryByRole("button")).toBeNull();
  });

  it("says when there is nothing to review, in words for each filter", async () => {
    openTab({ open: [], all: [] });
    expect(await screen.findByText("No open flags.")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "All" }));
    expect(await screen.findByText("No flags yet.")).toBeVisible();
  });

  it("runs the sweep, says what it found, and loads the list again", async () => {
    const { fetchMock, state } = openTab(
      { open: [], all: [] },
      {
        "POST /api/admin/reviews/sweep": () => {
          state.open = [ring, sharedIp];
          return { body: { flagged: 2, covered: 14 } };
        },
      },
    );
    await screen.findByText("No open flags.");
    fireEvent.click(screen.getByRole("button", { name: "Run sweep" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("Sweep done: 2 new flags, 14 earnings covered"),
    );
    await cards(2);
    expect(bodiesOf(fetchMock, "POST /api/admin/reviews/sweep")).toHaveLength(1);
  });

  it("words a sweep that found one of each in the singular", async () => {
    openTab({ open: [], all: [] }, { "POST /api/admin/reviews/sweep": { body: { flagged: 1, covered: 1 } } });
    await screen.findByText("No open flags.");
    fireEvent.click(screen.getByRole("button", { name: "Run sweep" }));
    await waitFor(() =>
      expect(screen.getByRole("status").textContent).toBe("Sweep done: 1 new flag, 1 earning covered"),
    );
  });

  it("reverses a flag's earnings with a required note, then loads the list again", async () => {
    const path = `POST /api/admin/reviews/${ring.id}`;
    const { fetchMock, state } = openTab(
      { open: [ring], all: [] },
      {
        [path]: () => {
          state.open = [];
          return { body: { ...ring, status: "reversed" } };
        },
      },
    );
    fireEvent.click(await screen.findByRole("button", { name: `Reverse earnings for ${ringAccounts}` }));
    const dialog = within(screen.getByRole("dialog", { name: "Reverse earnings" }));
    expect(dialog.getByText(/^New accounts watching each other/).textContent).toBe(
      `New accounts watching each other: ${ringAccounts}`,
    );
    expect(dialog.getByText(/Takes back/).textContent).toBe(
      "Takes back $0.072 (24 earnings) from the wallets they were credited to.",
    );
    const note = dialog.getByLabelText("Note");
    expect(note.getAttribute("maxlength")).toBe("500");

    // Nothing is sent without a note.
    fireEvent.click(dialog.getByRole("button", { name: "Reverse earnings" }));
    expect(dialog.getByRole("alert").textContent).toBe("Write a note saying why, for the record");
    expect(note.getAttribute("aria-invalid")).toBe("true");
    expect(bodiesOf(fetchMock, path)).toEqual([]);

    fireEvent.change(note, { target: { value: "  Ring confirmed by IP logs " } });
    fireEvent.click(dialog.getByRole("button", { name: "Reverse earnings" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, path)).toEqual([{ decision: "reverse", note: "Ring confirmed by IP logs" }]);
    expect(await screen.findByText("No open flags.")).toBeVisible();
  });

  it("shows a held sign-on bonus's flag in its own words, and reverses the bonus", async () => {
    const path = `POST /api/admin/reviews/${bonusFlag.id}`;
    const { fetchMock } = openTab(
      { open: [bonusFlag], all: [] },
      { [path]: { body: { ...bonusFlag, status: "reversed" } } },
    );
    const [card] = await cards(1);
    expect(card!.getByText("Sign-on bonus", { selector: "span" }).dataset.tone).toBe("violet");
    expect(card!.getByText("Sign-on bonus · $75.00")).toBeVisible();
    expect(card!.getByText(/independent viewers/)).toBeVisible();
    fireEvent.click(card!.getByRole("button", { name: "Reverse bonus for newcomer@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Reverse bonus" }));
    expect(dialog.getByText(/Takes back/).textContent).toBe(
      "Takes back the $75.00 sign-on bonus from the member's wallet. The bonus record stays, with the reversal beside it.",
    );
    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: "Certifier farm" } });
    fireEvent.click(dialog.getByRole("button", { name: "Reverse bonus" }));
    await waitFor(() => expect(bodiesOf(fetchMock, path)).toEqual([{ decision: "reverse", note: "Certifier farm" }]));
  });

  it("clears a flag with a note", async () => {
    const path = `POST /api/admin/reviews/${sharedIp.id}`;
    const { fetchMock, state } = openTab(
      { open: [ring, sharedIp], all: [] },
      {
        [path]: () => {
          state.open = [ring];
          return { body: { ...sharedIp, status: "cleared" } };
        },
      },
    );
    fireEvent.click(
      await screen.findByRole("button", { name: "Clear flag for solo@example.com and maker@example.com" }),
    );
    const dialog = within(screen.getByRole("dialog", { name: "Clear flag" }));
    expect(dialog.getByText(/^Lifts this flag's hold/).textContent).toBe(
      "Lifts this flag's hold on 1 earning: they become available when their holding period ends, unless another open flag covers them.",
    );
    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: "Office network" } });
    fireEvent.submit(dialog.getByRole("form", { name: "Clear flag" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, path)).toEqual([{ decision: "clear", note: "Office network" }]);
    const [left] = await cards(1);
    expect(left.getByRole("button", { name: `Clear flag for ${ringAccounts}` })).toBeVisible();
  });

  it("shows the server's refusal (already settled) in the dialog and keeps it open", async () => {
    openTab(
      { open: [ring], all: [] },
      {
        [`POST /api/admin/reviews/${ring.id}`]: {
          status: 409,
          body: { error: "This flag has already been settled", code: "already_settled", requestId: "r" },
        },
      },
    );
    fireEvent.click(await screen.findByRole("button", { name: `Clear flag for ${ringAccounts}` }));
    const dialog = within(screen.getByRole("dialog", { name: "Clear flag" }));
    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: "Fine" } });
    fireEvent.click(dialog.getByRole("button", { name: "Clear" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("This flag has already been settled");
    expect(dialog.getByRole("button", { name: "Clear" })).toHaveProperty("disabled", false);
  });

  it("logs a failed sweep and any other failure of a decision", async () => {
    const consoleError = expectConsoleError();
    openTab(
      { open: [ring], all: [] },
      { "POST /api/admin/reviews/sweep": { status: 500 }, [`POST /api/admin/reviews/${ring.id}`]: { status: 503 } },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Run sweep" }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(1));
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to run the review sweep: API responded with HTTP status 500",
    );
    expect(screen.getByRole("status").textContent).toBe("");

    fireEvent.click(await screen.findByRole("button", { name: `Reverse earnings for ${ringAccounts}` }));
    const dialog = within(screen.getByRole("dialog", { name: "Reverse earnings" }));
    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: "Ring" } });
    fireEvent.click(dialog.getByRole("button", { name: "Reverse earnings" }));
    await waitFor(() => expect(consoleError).toHaveBeenCalledTimes(2));
    expect(String(consoleError.mock.calls[1][0])).toBe(
      "Error: Failed to settle review: API responded with HTTP status 503",
    );
    expect(screen.getByRole("dialog", { name: "Reverse earnings" })).toBeVisible();
  });

  it("cuts a long list of accounts in the buttons' names", async () => {
    const users = ["a", "b", "c", "d", "e"].map((name, i) => ({
      id: `u${i}`,
      email: `${name}@example.com`,
      username: null,
      created_at: "2026-11-20T08:00:00.000Z",
    }));
    openTab({ open: [makeReview({ rule: "same_day_accounts", users })], all: [] });
    expect(
      await screen.findByRole("button", { name: "Reverse earnings for a@example.com, b@example.com and 3 others" }),
    ).toBeVisible();
  });
});
