import { fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { makeBonus, makeEarning, stubAdmin } from "../../test/admin-fixtures";
import { ManualTab } from "./manual-tab";
import { renderWithQueries } from "../../test/query-client";
import { bodiesOf } from "../../test/fetch";
import { dialog } from "../../test/screen";
import { stubBrowserDialogs } from "../../test/browser-dialogs";

// docs/decisions/017: lowering or deleting a credit that payments already drew on is refused with 409; the admin sees
// the server's message (it names the amounts) and may confirm, which resends with the override, as payments do.

let confirm: ReturnType<typeof stubBrowserDialogs>["confirm"];
beforeEach(() => {
  ({ confirm } = stubBrowserDialogs());
});

const paidOut = (error: string) => ({ status: 409, body: { error, code: "already_paid_out", requestId: "r" } });
const earningMessage =
  "Payments already drew on this earning ($30.00): lowering it to $10.00 would leave the user's balance at −$15.00. Confirm to change it anyway.";

describe("credits a payment drew on", () => {
  it("asks before lowering an earning below what was paid, and resends with the override when confirmed", async () => {
    const earning = makeEarning({ amount_usd: 30 });
    const fetchMock = stubAdmin({
      "GET /api/admin/earnings": { body: [earning] },
      [`PATCH /api/admin/earnings/${earning.id}`]: (init) =>
        JSON.parse(String(init?.body)).override ? { body: { ...earning, amount_usd: 10 } } : paidOut(earningMessage),
    });
    renderWithQueries(<ManualTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit earning for viewer@example.com" }));
    fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: "10" } });
    fireEvent.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(confirm).toHaveBeenCalledWith(earningMessage);
    expect(bodiesOf(fetchMock, `PATCH /api/admin/earnings/${earning.id}`)).toEqual([
      { amount_usd: 10 },
      { amount_usd: 10, override: true },
    ]);
  });

  it("keeps the dialog open and sends nothing more when the admin declines", async () => {
    const earning = makeEarning({ amount_usd: 30 });
    const fetchMock = stubAdmin({
      "GET /api/admin/earnings": { body: [earning] },
      [`PATCH /api/admin/earnings/${earning.id}`]: paidOut(earningMessage),
    });
    confirm.mockReturnValue(false);
    renderWithQueries(<ManualTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit earning for viewer@example.com" }));
    fireEvent.change(dialog().getByLabelText("Amount (USD)"), { target: { value: "10" } });
    fireEvent.click(dialog().getByRole("button", { name: "Save" }));
    await waitFor(() => expect(confirm).toHaveBeenCalledWith(earningMessage));
    await waitFor(() => expect(dialog().getByRole("button", { name: "Save" })).toHaveProperty("disabled", false));
    expect(bodiesOf(fetchMock, `PATCH /api/admin/earnings/${earning.id}`)).toHaveLength(1);
  });

  it("asks again, with the amounts, before deleting a bonus that was paid out, then deletes with the override", async () => {
    const bonus = makeBonus({ total_bonus_amount: 50 });
    const message =
      "Payments already drew on this bonus ($50.00): deleting it would leave the user's balance at −$40.00. Confirm to delete it anyway.";
    const deletes: string[] = [];
    stubAdmin({
      "GET /api/admin/earnings": { body: [] },
      "GET /api/admin/bonuses": { body: [bonus] },
      [`DELETE /api/admin/bonuses/${bonus.id}`]: (_init, url) => {
        deletes.push(url.search);
        return url.searchParams.get("override") === "true" ? { body: { ok: true } } : paidOut(message);
      },
    });
    renderWithQueries(<ManualTab />);
    fireEvent.click(await screen.findByRole("tab", { name: "Manual Bonuses" }));
    fireEvent.click(await screen.findByRole("button", { name: "Delete bonus for viewer@example.com" }));
    await waitFor(() => expect(deletes).toEqual(["", "?override=true"]));
    expect(confirm.mock.calls.map(([text]) => text)).toEqual([
      "Are you sure you want to delete this bonus record? This will adjust the user's balance.",
      message,
    ]);
  });
});
