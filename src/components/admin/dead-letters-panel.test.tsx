import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { DeadLetterJson } from "../../../common/schemas/admin-dead-letters";
import { stubAdmin } from "../../test/admin-fixtures";
import { renderWithQueries } from "../../test/query-client";
import { PaymentsTab } from "./payments-tab";

// The Payments tab's dead letters (docs/decisions/079): what the queues gave up on, each with Re-send.

const visit: DeadLetterJson = {
  id: "a1b2c3",
  kind: "visit",
  body: { kind: "visit", visit: { session_id: "s1", page_path: "/" } },
  attempts: 6,
  received_at: "2026-11-29T10:00:00.000Z",
};
const stray: DeadLetterJson = { ...visit, id: "d4e5f6", kind: "unknown", body: "not ours" };

describe("dead letters in the Payments tab", () => {
  it("stays hidden while nothing is stuck", async () => {
    stubAdmin();
    renderWithQueries(<PaymentsTab />);
    await screen.findByText("No payments recorded yet");
    expect(screen.queryByRole("table", { name: "Dead-lettered queue messages" })).toBeNull();
  });

  it("lists each stuck message and sends one back to its queue", async () => {
    let letters = [visit, stray];
    const resent: string[] = [];
    stubAdmin({
      "GET /api/admin/dead-letters": () => ({ body: { items: letters, total: letters.length } }),
      "POST /api/admin/dead-letters/a1b2c3/resend": () => {
        resent.push("a1b2c3");
        letters = [stray];
        return { body: { id: "a1b2c3", kind: "visit" } };
      },
    });
    renderWithQueries(<PaymentsTab />);
    const table = within(await screen.findByRole("table", { name: "Dead-lettered queue messages" }));
    expect(screen.getByRole("heading", { name: "Dead letters (2)" })).toBeTruthy();
    const [, first, second] = table.getAllByRole("row");
    expect(first!.textContent).toContain("Page visit");
    expect(first!.textContent).toContain('"page_path":"/"');
    // A message that names no queue of ours cannot be sent back.
    expect(within(second!).queryByRole("button", { name: "Re-send" })).toBeNull();
    fireEvent.click(within(first!).getByRole("button", { name: "Re-send" }));
    await screen.findByRole("heading", { name: "Dead letters (1)" });
    expect(resent).toEqual(["a1b2c3"]);
  });
});
