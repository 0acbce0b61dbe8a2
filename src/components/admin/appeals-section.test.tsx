import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import type { AdminAppealJson } from "../../../common/schemas/appeals";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { renderWithQueries } from "../../test/query-client";
import { AppealCard } from "./appeal-card";
import { ModerationTab } from "./moderation-tab";

// Appeals in the Moderation tab (docs/decisions/092): the member, the action and its reports, the appeal's text;
// Uphold or Reverse with an optional note; refusals shown in the dialog.

const appeal: AdminAppealJson = {
  id: "01J00000000000000000APPEAL",
  text: "<img src=x onerror=alert(1)> I filmed this myself 🎬\nSecond line",
  status: "open",
  decision_note: "",
  created_at: "2026-11-21T12:00:00.000Z",
  decided_at: null,
  decided_by_email: null,
  member: { id: "01J000000000000000000000AV", name: "ava", email: "ava@example.com", suspended: false },
  action: {
    id: "01J0000000000000000000TAKE",
    action: "takedown",
    note: "Copied from another channel",
    actor_email: "admin@example.com",
    acted_at: "2026-11-20T12:00:00.000Z",
    content: { id: "01J0000000000000000000ITEM", title: "Taken clip", removed: true, deleted: false },
    comment: null,
  },
  reports: [{ reason: "copyright", note: "My video", created_at: "2026-11-19T12:00:00.000Z" }],
  give_back_usd: 0.009,
};

function openAppeals(decision: () => { status?: number; body?: unknown }, listed: AdminAppealJson = appeal) {
  let open = [listed];
  const fetchMock = stubFetch({
    "GET /api/admin/moderation": { body: { items: [] } },
    "GET /api/admin/appeals": (_init, url) => ({
      body: { appeals: url.searchParams.get("status") === "decided" ? [] : open },
    }),
    [`POST /api/admin/appeals/${appeal.id}/decision`]: () => {
      const reply = decision();
      if ((reply.status ?? 200) === 200) open = [];
      return reply;
    },
  });
  renderWithQueries(
    <MemoryRouter>
      <ModerationTab />
    </MemoryRouter>,
  );
  fireEvent.click(screen.getByRole("button", { name: "Appeals" }));
  return fetchMock;
}

describe("appeals in the moderation tab", () => {
  it("shows the appeal with the action, who took it, its reports and the text as text", async () => {
    openAppeals(() => ({}));
    const card = within(await screen.findByRole("article", { name: "Takedown of “Taken clip”" }));
    expect(card.getByText("ava@example.com").textContent).toBe("Member: ava@example.com");
    expect(card.getByText(/Taken down by/).parentElement!.textContent).toBe(
      "Taken down by admin@example.com on Nov 20, 2026: Copied from another channel",
    );
    expect(within(card.getByRole("list", { name: "Reports" })).getByText("My video")).toBeVisible();
    expect(card.getByText(/I filmed this myself/).textContent).toBe(appeal.text);
    expect(document.querySelector("img")).toBeNull();
  });

  it("reverses with a note, then the appeal leaves the open list and the tab says so", async () => {
    const fetchMock = openAppeals(() => ({ body: { appeal: { ...appeal, status: "reversed" } } }));
    fireEvent.click(await screen.findByRole("button", { name: "Reverse: Takedown of “Taken clip”" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Reverse appeal" }));
    expect(
      dialog.getByText(/Gives back \$0\.009 of earnings the takedown reversed \(both sides of each view\), held again/),
    ).toBeVisible();
    fireEvent.change(dialog.getByLabelText("Note (optional)"), { target: { value: " Our mistake " } });
    fireEvent.click(dialog.getByRole("button", { name: "Reverse" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, `POST /api/admin/appeals/${appeal.id}/decision`)).toEqual([
      { outcome: "reversed", note: "Our mistake" },
    ]);
    expect(screen.getByRole("status").textContent).toBe("Appeal reversed: Takedown of “Taken clip”.");
    expect(await screen.findByText("No open appeals")).toBeVisible();
  });

  it("says what a reversed appeal gave back, and when a reversal would give nothing back (decision 096)", async () => {
    render(
      <AppealCard
        appeal={{
          ...appeal,
          status: "reversed",
          decided_at: "2026-11-22T12:00:00.000Z",
          decided_by_email: "admin@example.com",
        }}
        onDecide={() => {}}
      />,
    );
    expect(screen.getByText("Gave back $0.009 of earnings, held again.")).toBeVisible();
    cleanup();
    openAppeals(() => ({ body: { appeal } }), { ...appeal, give_back_usd: 0 });
    fireEvent.click(await screen.findByRole("button", { name: "Reverse: Takedown of “Taken clip”" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Reverse appeal" }));
    expect(
      dialog.getByText(
        "Restores the item, as Restore does: it is visible again. The takedown reversed no earnings that can be given back. The member is told on the bell.",
      ),
    ).toBeVisible();
  });

  it("shows a refusal (decided by another admin) in the dialog", async () => {
    openAppeals(() => ({
      status: 409,
      body: { error: "This appeal has already been decided", code: "appeal_decided", requestId: "r" },
    }));
    fireEvent.click(await screen.findByRole("button", { name: "Uphold: Takedown of “Taken clip”" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Uphold appeal" }));
    fireEvent.click(dialog.getByRole("button", { name: "Uphold" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("This appeal has already been decided");
  });
});
