import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { AdminChallengesResponse } from "../../../common/schemas/admin-challenges";
import type { BonusAwardJson } from "../../../common/schemas/challenges";
import { expectConsoleError } from "../../test/console";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { makeBonus } from "../../test/admin-fixtures";
import { ChallengesTab } from "./challenges-tab";
import { renderWithQueries } from "../../test/query-client";

// Approve or Reject a sign-on bonus the earnings job held (docs/architecture.md §4 "The sign-up bonus is guarded").

const held = makeBonus({
  user_email: "twin@example.com",
  total_bonus_amount: 75,
  challenge_ids: "a,b,c",
  status: "pending",
  awarded_at: null,
  review_reasons: ["reciprocal_new_accounts", "shared_ip", "claimant_uploads", "dependent_viewers"],
});
const waiting = makeBonus({ user_email: "soon@example.com", status: "pending", awarded_at: null });
const reviewPath = `POST /api/admin/bonuses/${held.id}/review`;

type Reply = { status?: number; body?: unknown };

/** The tab with `awards`; after a review the list answers `afterReview`. */
function openTab(awards: BonusAwardJson[], review: Reply = { body: held }, afterReview: BonusAwardJson[] = awards) {
  let reviewed = false;
  const answer = (list: BonusAwardJson[]): { body: AdminChallengesResponse } => ({
    body: {
      challenges: [],
      awards: list,
      summary: { totalBonusesPaid: 0, usersCompleted: 0, usersEnrolled: 0, successRate: 0 },
    },
  });
  const fetchMock = stubFetch({
    "GET /api/admin/challenges": () => answer(reviewed ? afterReview : awards),
    [reviewPath]: () => {
      reviewed = true;
      return review;
    },
  });
  renderWithQueries(<ChallengesTab />);
  return fetchMock;
}

const table = async () => within(await screen.findByRole("table", { name: "Bonus Awards History" }));
const rowOf = async (email: string) => (await table()).getByRole("cell", { name: email }).closest("tr")!;

describe("bonus review", () => {
  it("shows a held bonus as Held for review, its reasons in plain words, and Approve and Reject", async () => {
    openTab([held, waiting]);
    const row = within(await rowOf("twin@example.com"));
    expect(row.getByText("Held for review").dataset.tone).toBe("yellow");
    expect(row.getAllByRole("listitem").map((li) => li.textContent)).toEqual([
      "Watched each other with another new account",
      "Viewer and creator share an address",
      "Counted streams were uploaded by another bonus claimant",
      "Too few counted views come from independent viewers",
    ]);
    expect(row.getByRole("button", { name: "Approve bonus for twin@example.com" }).textContent).toBe("Approve");
    expect(row.getByRole("button", { name: "Reject bonus for twin@example.com" }).textContent).toBe("Reject");
    // Pending without reasons waits for the earnings job, not for an admin.
    const other = within(await rowOf("soon@example.com"));
    expect(other.getByText("Pending")).toBeVisible();
    expect(other.queryByRole("button")).toBeNull();
  });

  it("names the bonus with its cents, never rounded", async () => {
    openTab([{ ...held, total_bonus_amount: 12.5 }]);
    fireEvent.click(await screen.findByRole("button", { name: "Reject bonus for twin@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Reject bonus" }));
    expect(dialog.getByText(/held because/).textContent).toBe("$12.50 for twin@example.com, held because:");
  });

  it("approves with a note, then reloads the table", async () => {
    const approved = {
      ...held,
      status: "awarded" as const,
      awarded_at: "2026-11-24T10:00:00.000Z",
      review_note: "Siblings, checked by email",
    };
    const fetchMock = openTab([held], { body: approved }, [approved]);
    fireEvent.click(await screen.findByRole("button", { name: "Approve bonus for twin@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Approve bonus" }));
    expect(dialog.getByText(/\$75\.00 for/).textContent).toContain("twin@example.com");
    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: "  Siblings, checked by email " } });
    fireEvent.click(dialog.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, reviewPath)).toEqual([{ decision: "approve", note: "Siblings, checked by email" }]);
    const row = within(await rowOf("twin@example.com"));
    await waitFor(() => expect(row.getByText("Awarded").dataset.tone).toBe("green"));
    expect(row.getByText(/Siblings, checked by email/)).toBeVisible();
    expect(row.queryByRole("button")).toBeNull();
  });

  it("rejects with a note; the bonus then shows Rejected, not green", async () => {
    const rejected = {
      ...held,
      status: "rejected" as const,
      review_note: "Same household farming",
      reviewed_at: "2026-11-24T10:00:00.000Z",
    };
    const fetchMock = openTab([held], { body: rejected }, [rejected]);
    fireEvent.click(await screen.findByRole("button", { name: "Reject bonus for twin@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Reject bonus" }));
    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: "Same household farming" } });
    fireEvent.submit(dialog.getByRole("form", { name: "Reject bonus" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, reviewPath)).toEqual([{ decision: "reject", note: "Same household farming" }]);
    const badge = await screen.findByText("Rejected");
    expect(badge.dataset.tone).not.toBe("green");
    expect((await table()).getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "User",
      "Amount",
      "Status",
      "Awarded",
    ]);
  });

  it("needs a note: an empty or blank one gets a message and nothing is sent", async () => {
    const fetchMock = openTab([held]);
    fireEvent.click(await screen.findByRole("button", { name: "Approve bonus for twin@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Approve bonus" }));
    const note = dialog.getByLabelText("Note");
    expect(note.getAttribute("maxlength")).toBe("500");
    fireEvent.click(dialog.getByRole("button", { name: "Approve" }));
    expect(dialog.getByRole("alert").textContent).toBe("Write a note saying why, for the record");
    expect(note.getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(note, { target: { value: "   " } });
    fireEvent.click(dialog.getByRole("button", { name: "Approve" }));
    expect(dialog.getByRole("alert").textContent).toBe("Write a note saying why, for the record");
    expect(bodiesOf(fetchMock, reviewPath)).toEqual([]);
    fireEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the server's refusal in the dialog and keeps it open", async () => {
    openTab([held], { status: 409, body: { error: "This bonus was already reviewed", requestId: "r" } });
    fireEvent.click(await screen.findByRole("button", { name: "Reject bonus for twin@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Reject bonus" }));
    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: "Farm" } });
    fireEvent.click(dialog.getByRole("button", { name: "Reject" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("This bonus was already reviewed");
    expect(dialog.getByRole("button", { name: "Reject" })).toHaveProperty("disabled", false);
  });

  it("logs any other failure and keeps the dialog open", async () => {
    const consoleError = expectConsoleError();
    openTab([held], { status: 500 });
    fireEvent.click(await screen.findByRole("button", { name: "Approve bonus for twin@example.com" }));
    const dialog = within(screen.getByRole("dialog", { name: "Approve bonus" }));
    fireEvent.change(dialog.getByLabelText("Note"), { target: { value: "Fine" } });
    fireEvent.click(dialog.getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to review bonus: API responded with HTTP status 500",
    );
    expect(screen.getByRole("dialog", { name: "Approve bonus" })).toBeVisible();
  });
});
