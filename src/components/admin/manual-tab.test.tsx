import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { expectConsoleError } from "../../test/console";
import type { AdminEarningJson } from "../../../common/schemas/admin-money";
import { ben, makeBonus, makeEarning, stubAdmin, viewer } from "../../test/admin-fixtures";
import { ManualTab } from "./manual-tab";
import { renderWithQueries } from "../../test/query-client";
import { bodiesOf } from "../../test/fetch";
import { dialog } from "../../test/screen";
import { stubBrowserDialogs } from "../../test/browser-dialogs";

let confirm: ReturnType<typeof stubBrowserDialogs>["confirm"];
beforeEach(() => {
  ({ confirm } = stubBrowserDialogs());
});

/** Opens the Add dialog and picks `pick` after typing `search` in the user picker. */
async function addRecord(button: string, search: string, pick: RegExp, amount: string, description = "") {
  fireEvent.click(await screen.findByRole("button", { name: button }));
  const picker = dialog().getByRole("combobox", { name: "User" });
  fireEvent.change(picker, { target: { value: search } });
  fireEvent.click(await dialog().findByRole("option", { name: pick }));
  fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: amount } });
  if (description)
    fireEvent.change(dialog().getByLabelText("Description (optional)"), { target: { value: description } });
}

describe("manual earnings", () => {
  it("adds an earning: a dialog with a searchable user picker; Add waits for a user and an amount", async () => {
    let earnings: AdminEarningJson[] = [];
    const fetchMock = stubAdmin({
      "GET /api/admin/earnings": () => ({ body: earnings }),
      "POST /api/admin/earnings": () => (
        (earnings = [makeEarning({ amount_usd: 0.005, description: "Thanks" })]),
        { status: 201, body: earnings[0] }
      ),
    });
    renderWithQueries(<ManualTab />);
    expect(await screen.findByText("No manual earnings yet")).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Add Earning" }));
    const modal = screen.getByRole("dialog", { name: "Add Manual Earning" });
    expect(modal.getAttribute("aria-modal")).toBe("true");
    const picker = dialog().getByRole("combobox", { name: "User" });
    await waitFor(() => expect(document.activeElement).toBe(picker));
    const add = dialog().getByRole("button", { name: "Add Earning" });
    expect(add).toHaveProperty("disabled", true);
    // Dimmed, and says why.
    expect(dialog().getByText("Still needed: a member and an amount.")).toBeVisible();

    // Search by username finds ben; by email finds the viewer. Entries show email and username.
    fireEvent.change(picker, { target: { value: "BENN" } });
    expect(
      dialog()
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["ben@example.com@benny"]);
    fireEvent.change(picker, { target: { value: "viewer@" } });
    fireEvent.click(dialog().getByRole("option", { name: /viewer@example.com/ }));
    expect(picker).toHaveProperty("value", "viewer@example.com");
    expect(add).toHaveProperty("disabled", true);
    expect(dialog().getByText("Still needed: an amount.")).toBeVisible();

    fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: "0.0055" } });
    expect(dialog().getByText("Use steps of 0.001 (at most 3 decimals)")).toBeVisible();
    expect(add).toHaveProperty("disabled", true);
    fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: "0.005" } });
    fireEvent.change(dialog().getByLabelText("Description (optional)"), { target: { value: " Thanks " } });
    expect(add).toHaveProperty("disabled", false);
    fireEvent.click(add);

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, "POST /api/admin/earnings")).toEqual([
      { user_id: viewer.id, amount_usd: 0.005, description: "Thanks" },
    ]);
    const row = (await screen.findByRole("cell", { name: "Thanks" })).closest("tr")!;
    expect([...row.children].slice(0, 4).map((c) => c.textContent)).toEqual([
      "viewer@example.com",
      "$0.005",
      "Thanks",
      "Nov 20, 2026",
    ]);
  });

  it("picks a user with the arrow keys and Enter; Escape closes the dialog", async () => {
    stubAdmin({ "GET /api/admin/earnings": { body: [] } });
    renderWithQueries(<ManualTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Add Earning" }));
    const picker = dialog().getByRole("combobox", { name: "User" });
    fireEvent.change(picker, { target: { value: "example" } });
    await dialog().findAllByRole("option");
    fireEvent.keyDown(picker, { key: "ArrowDown" });
    expect(dialog().getByRole("option", { selected: true }).textContent).toContain("ben@example.com");
    fireEvent.keyDown(picker, { key: "Enter" });
    expect(picker).toHaveProperty("value", "ben@example.com");
    expect(dialog().getByText("Selected: ben@example.com")).toBeVisible();
    fireEvent.keyDown(document, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("edits the amount only", async () => {
    const earning = makeEarning({ amount_usd: 1.235 });
    const fetchMock = stubAdmin({
      "GET /api/admin/earnings": { body: [earning] },
      [`PATCH /api/admin/earnings/${earning.id}`]: { body: { ...earning, amount_usd: 2.5 } },
    });
    renderWithQueries(<ManualTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit earning for viewer@example.com" }));
    expect(screen.getByRole("dialog", { name: "Edit Earning" })).toBeVisible();
    expect(dialog().queryByRole("combobox")).toBeNull();
    expect(dialog().getByLabelText("Amount (USD)")).toHaveProperty("value", "1.235");
    fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: "2.5" } });
    fireEvent.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, `PATCH /api/admin/earnings/${earning.id}`)).toEqual([{ amount_usd: 2.5 }]);
  });

  it("deletes only after the exact confirmation", async () => {
    const earning = makeEarning();
    const fetchMock = stubAdmin({
      "GET /api/admin/earnings": { body: [earning] },
      [`DELETE /api/admin/earnings/${earning.id}`]: { body: { ok: true } },
    });
    renderWithQueries(<ManualTab />);
    const remove = await screen.findByRole("button", { name: "Delete earning for viewer@example.com" });
    confirm.mockReturnValue(false);
    fireEvent.click(remove);
    expect(confirm).toHaveBeenCalledWith(
      "Are you sure you want to delete this earning record? This will adjust the user's balance.",
    );
    expect(bodiesOf(fetchMock, `DELETE /api/admin/earnings/${earning.id}`)).toHaveLength(0);
    confirm.mockReturnValue(true);
    fireEvent.click(remove);
    await waitFor(() => expect(bodiesOf(fetchMock, `DELETE /api/admin/earnings/${earning.id}`)).toHaveLength(1));
  });

  it("the user list does not open by itself; Escape closes an open list first, then the dialog", async () => {
    stubAdmin({ "GET /api/admin/earnings": { body: [] } });
    renderWithQueries(<ManualTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Add Earning" }));
    const picker = dialog().getByRole("combobox", { name: "User" });
    await waitFor(() => expect(document.activeElement).toBe(picker));
    // Focused by the dialog, yet closed: nothing covers the Amount field.
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(picker.getAttribute("aria-expanded")).toBe("false");
    expect(dialog().queryByRole("listbox")).toBeNull();

    fireEvent.click(picker);
    expect(await dialog().findByRole("listbox")).toBeVisible();
    fireEvent.keyDown(picker, { key: "Escape" });
    expect(dialog().queryByRole("listbox")).toBeNull();
    expect(screen.getByRole("dialog")).toBeVisible();
    fireEvent.keyDown(picker, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("opens the user list on typing and on the arrow keys", async () => {
    stubAdmin({ "GET /api/admin/earnings": { body: [] } });
    renderWithQueries(<ManualTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Add Earning" }));
    const picker = dialog().getByRole("combobox", { name: "User" });
    fireEvent.keyDown(picker, { key: "ArrowDown" });
    expect(await dialog().findByRole("listbox")).toBeVisible();
    fireEvent.keyDown(picker, { key: "Escape" });
    fireEvent.change(picker, { target: { value: "ben" } });
    expect(dialog().getByRole("listbox")).toBeVisible();
  });

  it("an amount of 1000000000 gets a message in the dialog and is not sent", async () => {
    const fetchMock = stubAdmin({ "GET /api/admin/earnings": { body: [] } });
    renderWithQueries(<ManualTab />);
    await addRecord("Add Earning", "viewer", /viewer@example.com/, "1000000000");
    expect(dialog().getByText("Enter at most $1,000,000.00: one entry cannot carry more")).toBeVisible();
    expect(dialog().getByLabelText("Amount (USD)").getAttribute("aria-invalid")).toBe("true");
    const add = dialog().getByRole("button", { name: "Add Earning" });
    expect(add).toHaveProperty("disabled", true);
    fireEvent.submit(add.closest("form")!);
    expect(bodiesOf(fetchMock, "POST /api/admin/earnings")).toEqual([]);
    fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: "1000000" } });
    expect(dialog().queryByText(/Enter at most/)).toBeNull();
  });

  it("shows the server's refusal in the dialog, in words", async () => {
    stubAdmin({
      "GET /api/admin/earnings": { body: [] },
      "POST /api/admin/earnings": {
        status: 400,
        body: { error: "amount_usd: amount_usd must be at most 1000000", requestId: "r" },
      },
    });
    expectConsoleError();
    renderWithQueries(<ManualTab />);
    await addRecord("Add Earning", "viewer", /viewer@example.com/, "5");
    fireEvent.click(dialog().getByRole("button", { name: "Add Earning" }));
    expect((await dialog().findByRole("alert")).textContent).toBe("Amount must be at most 1000000");
  });

  it("logs a failed add and keeps the dialog open, saying it could not add", async () => {
    stubAdmin({
      "GET /api/admin/earnings": { body: [] },
      "POST /api/admin/earnings": { status: 500, body: { error: "boom", requestId: "r" } },
    });
    const consoleError = expectConsoleError();
    renderWithQueries(<ManualTab />);
    await addRecord("Add Earning", "viewer", /viewer@example.com/, "1");
    fireEvent.click(dialog().getByRole("button", { name: "Add Earning" }));
    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to add manual earning: API responded with HTTP status 500",
    );
    expect(dialog().getByRole("button", { name: "Add Earning" })).toHaveProperty("disabled", false);
    expect(dialog().getByRole("alert").textContent).toBe("Could not add the earning. Please try again.");
  });
});

describe("manual bonuses", () => {
  const openBonuses = async () => fireEvent.click(await screen.findByRole("tab", { name: "Manual Bonuses" }));

  it("says when there are none, and adds one in steps of a cent", async () => {
    const fetchMock = stubAdmin({
      "GET /api/admin/earnings": { body: [] },
      "GET /api/admin/bonuses": { body: [] },
      "POST /api/admin/bonuses": { status: 201, body: makeBonus() },
    });
    renderWithQueries(<ManualTab />);
    await openBonuses();
    expect(await screen.findByText("No manual bonuses yet")).toBeVisible();
    await addRecord("Add Bonus", "ben", /ben@example.com/, "10.505");
    expect(dialog().getByText("Use steps of 0.01 (at most 2 decimals)")).toBeVisible();
    fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: "10.5" } });
    fireEvent.click(dialog().getByRole("button", { name: "Add Bonus" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bodiesOf(fetchMock, "POST /api/admin/bonuses")).toEqual([
      { user_id: ben.id, total_bonus_amount: 10.5, description: "" },
    ]);
  });

  it("shows bonus amounts with their cents, never rounded, edits and deletes with the bonus wording", async () => {
    const whole = makeBonus({ total_bonus_amount: 5, description: "Welcome" });
    const cents = makeBonus({ total_bonus_amount: 2.5, user_email: "ben@example.com" });
    const fetchMock = stubAdmin({
      "GET /api/admin/earnings": { body: [] },
      "GET /api/admin/bonuses": { body: [whole, cents] },
      [`PATCH /api/admin/bonuses/${whole.id}`]: { body: whole },
      [`DELETE /api/admin/bonuses/${cents.id}`]: { body: { ok: true } },
    });
    renderWithQueries(<ManualTab />);
    await openBonuses();
    expect(await screen.findByRole("cell", { name: "$5.00" })).toBeVisible();
    expect(screen.getByRole("cell", { name: "$2.50" })).toBeVisible();

    fireEvent.click(screen.getByRole("button", { name: "Edit bonus for viewer@example.com" }));
    fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: "7" } });
    fireEvent.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() =>
      expect(bodiesOf(fetchMock, `PATCH /api/admin/bonuses/${whole.id}`)).toEqual([{ total_bonus_amount: 7 }]),
    );

    fireEvent.click(screen.getByRole("button", { name: "Delete bonus for ben@example.com" }));
    expect(confirm).toHaveBeenCalledWith(
      "Are you sure you want to delete this bonus record? This will adjust the user's balance.",
    );
    await waitFor(() => expect(bodiesOf(fetchMock, `DELETE /api/admin/bonuses/${cents.id}`)).toHaveLength(1));
  });
});
