import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AdminEarningJson } from "../../../common/schemas/admin-money";
import type { AdminUserJson } from "../../../common/schemas/admin-users";
import type { AuditEntryJson } from "../../../common/schemas/admin-audit";
import type { BonusAwardJson } from "../../../common/schemas/challenges";
import type { PaymentJson } from "../../../common/schemas/payments";
import type { WalletJson } from "../../../common/schemas/wallet";
import { signedInBrowser, uniqueEmail, type Browser } from "../../test/http";

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const wallet = async (b: Browser) => (await b.fetch("/api/me/wallet")).json<WalletJson>();

async function expectStatus(res: Response, status: number) {
  expect(res.status, await res.clone().text()).toBe(status);
  return res;
}

describe("admin money records", () => {
  it("manual earnings: create, edit, delete, with the balance following each step", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const user = await signedInBrowser(uniqueEmail("earner"));
    const userId = await idOf(user);
    const created = await (
      await expectStatus(
        await admin.json("/api/admin/earnings", "POST", {
          user_id: userId,
          amount_usd: 1.234,
          description: "Bug bounty",
        }),
        201,
      )
    ).json<AdminEarningJson>();
    expect(created).toMatchObject({ amount_usd: 1.234, content_id: null, description: "Bug bounty" });
    expect((await wallet(user)).creator_balance).toBe(1.234);
    await expectStatus(await admin.json(`/api/admin/earnings/${created.id}`, "PATCH", { amount_usd: 2 }), 200);
    expect((await wallet(user)).creator_balance).toBe(2);
    const list = await (await admin.fetch("/api/admin/earnings")).json<AdminEarningJson[]>();
    expect(list.find((e) => e.id === created.id)).toMatchObject({ amount_usd: 2 });
    await expectStatus(await admin.fetch(`/api/admin/earnings/${created.id}`, { method: "DELETE" }), 200);
    expect((await wallet(user)).creator_balance).toBe(0);
    await expectStatus(await admin.fetch(`/api/admin/earnings/${created.id}`, { method: "DELETE" }), 404);
    const audit = await (await admin.fetch("/api/admin/audit")).json<AuditEntryJson[]>();
    expect(audit.filter((a) => a.entity_id === created.id).map((a) => a.action)).toEqual([
      "delete",
      "update",
      "create",
    ]);
  });

  it("manual bonuses: create, edit, delete, counted in the viewer balance", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const user = await signedInBrowser(uniqueEmail("bonus"));
    const created = await (
      await expectStatus(
        await admin.json("/api/admin/bonuses", "POST", { user_id: await idOf(user), total_bonus_amount: 5.5 }),
        201,
      )
    ).json<BonusAwardJson>();
    expect(created).toMatchObject({ challenge_ids: "Manual", status: "awarded", total_bonus_amount: 5.5 });
    expect((await wallet(user)).viewer_balance).toBe(5.5);
    await expectStatus(await admin.json(`/api/admin/bonuses/${created.id}`, "PATCH", { total_bonus_amount: 7 }), 200);
    expect((await wallet(user)).viewer_balance).toBe(7);
    await expectStatus(await admin.fetch(`/api/admin/bonuses/${created.id}`, { method: "DELETE" }), 200);
    expect((await wallet(user)).viewer_balance).toBe(0);
  });

  it("payments: refused above the balance unless confirmed, editable both ways, deletable", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const user = await signedInBrowser(uniqueEmail("payee"));
    const userId = await idOf(user);
    await expectStatus(await admin.json("/api/admin/earnings", "POST", { user_id: userId, amount_usd: 30 }), 201);
    const over = await expectStatus(
      await admin.json("/api/admin/payments", "POST", { user_id: userId, amount_usd: 31, payment_method: "PayPal" }),
      409,
    );
    expect(await over.json()).toMatchObject({
      code: "insufficient_balance",
      error: "This payment ($31.00) is more than the user's available balance ($30.00). Confirm to record it anyway.",
    });
    const paid = await (
      await expectStatus(
        await admin.json("/api/admin/payments", "POST", {
          user_id: userId,
          amount_usd: 25,
          payment_method: "PayPal",
          payment_reference: "PP-1",
        }),
        201,
      )
    ).json<PaymentJson>();
    expect(paid).toMatchObject({ status: "pending", processed_at: null, user_email: expect.stringContaining("payee") });
    expect(await wallet(user)).toMatchObject({
      creator_balance: 5,
      creator_payouts: 25,
      paid_out: 0,
      pending_payouts: 25,
    });
    const body = { user_id: userId, amount_usd: 25, payment_method: "PayPal", payment_reference: "PP-1" };
    const done = await (
      await expectStatus(
        await admin.json(`/api/admin/payments/${paid.id}`, "PATCH", { ...body, status: "completed" }),
        200,
      )
    ).json<PaymentJson>();
    expect(done.processed_at).not.toBeNull();
    const back = await (
      await expectStatus(
        await admin.json(`/api/admin/payments/${paid.id}`, "PATCH", { ...body, status: "pending" }),
        200,
      )
    ).json<PaymentJson>();
    expect(back).toMatchObject({ status: "pending", processed_at: null });
    // Editing up to the whole balance is fine (its own old amount does not count against it); beyond needs an override.
    await expectStatus(await admin.json(`/api/admin/payments/${paid.id}`, "PATCH", { ...body, amount_usd: 30 }), 200);
    await expectStatus(await admin.json(`/api/admin/payments/${paid.id}`, "PATCH", { ...body, amount_usd: 40 }), 409);
    await expectStatus(
      await admin.json(`/api/admin/payments/${paid.id}`, "PATCH", { ...body, amount_usd: 40, override: true }),
      200,
    );
    expect((await wallet(user)).creator_balance).toBe(-10);
    const history = await (await user.fetch("/api/me/payments")).json<{ payments: PaymentJson[] }>();
    expect(history.payments.map((p) => p.amount_usd)).toEqual([40]);
    await expectStatus(await admin.fetch(`/api/admin/payments/${paid.id}`, { method: "DELETE" }), 200);
    expect((await wallet(user)).creator_balance).toBe(30);
    const csv = await (await admin.fetch("/api/admin/payments.csv")).text();
    expect(csv.split("\r\n")[0]).toBe(
      "id,user_email,amount_usd,payment_method,payment_reference,status,notes,created_at,processed_at,request_id,reversal",
    );
  });

  it("refuses bad amounts and missing fields with clear 400s, unknown users with 404", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const userId = await idOf(await signedInBrowser(uniqueEmail()));
    for (const [path, body, error] of [
      ["/api/admin/earnings", { user_id: userId, amount_usd: -1 }, "amount_usd: amount_usd must be 0 or more"],
      [
        "/api/admin/earnings",
        { user_id: userId, amount_usd: 0.0001 },
        "amount_usd: amount_usd must be in steps of 0.001",
      ],
      ["/api/admin/earnings", { user_id: userId, amount_usd: "5" }, "amount_usd: amount_usd must be a number"],
      ["/api/admin/earnings", { amount_usd: 1 }, "user_id: user_id is required"],
      [
        "/api/admin/bonuses",
        { user_id: userId, total_bonus_amount: 1.005 },
        "total_bonus_amount: total_bonus_amount must be in steps of 0.01",
      ],
      ["/api/admin/payments", { user_id: userId, amount_usd: 1 }, "payment_method: payment_method is required"],
      [
        "/api/admin/payments",
        { user_id: userId, amount_usd: 0, payment_method: "PayPal" },
        "amount_usd: amount_usd must be more than 0",
      ],
      [
        "/api/admin/payments",
        { user_id: userId, amount_usd: 1, payment_method: "PayPal", status: "sent" },
        "status: status must be pending or completed",
      ],
    ] as const) {
      const res = await admin.json(path, "POST", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBe(error);
    }
    const ghost = await admin.json("/api/admin/earnings", "POST", {
      user_id: "01ARZ3NDEKTSV4RRFFQ69G5FAV",
      amount_usd: 1,
    });
    expect(ghost.status).toBe(404);
  });

  it("lists users with content counts, balances and the admin flag", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const user = await signedInBrowser(uniqueEmail("listed"));
    const userId = await idOf(user);
    await expectStatus(await admin.json("/api/admin/bonuses", "POST", { user_id: userId, total_bonus_amount: 2 }), 201);
    const users = await (await admin.fetch("/api/admin/users")).json<AdminUserJson[]>();
    expect(users.find((u) => u.id === userId)).toMatchObject({
      is_admin: 0,
      content_count: 0,
      viewer_balance: 2,
      creator_balance: 0,
    });
    expect(users.find((u) => u.email === "admin@example.com")?.is_admin).toBe(1);
  });

  it("writes CSV amounts by the screens' rule: whole cents with two decimals, the rest exact (decision 032)", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const userId = await idOf(await signedInBrowser(uniqueEmail("csv-usd")));
    await expectStatus(await admin.json("/api/admin/earnings", "POST", { user_id: userId, amount_usd: 30.003 }), 201);
    const paid = await (
      await expectStatus(
        await admin.json("/api/admin/payments", "POST", { user_id: userId, amount_usd: 5.5, payment_method: "PayPal" }),
        201,
      )
    ).json<PaymentJson>();
    const payments = (await (await admin.fetch("/api/admin/payments.csv")).text()).split("\r\n");
    expect(payments.find((line) => line.startsWith(paid.id))).toContain(`,5.50,PayPal,`);
    const users = (await (await admin.fetch("/api/admin/users.csv")).text()).split("\r\n");
    // viewer, creator, available, pending: $0, $30.003 - $5.50, the same, nothing held.
    expect(users.find((line) => line.startsWith(userId))).toMatch(/,0\.00,24\.503,24\.503,0\.00$/);
  });

  it("neutralises spreadsheet formulas in CSV exports", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const userId = await idOf(await signedInBrowser(uniqueEmail("csv")));
    await expectStatus(await admin.json("/api/admin/earnings", "POST", { user_id: userId, amount_usd: 1 }), 201);
    await expectStatus(
      await admin.json("/api/admin/payments", "POST", {
        user_id: userId,
        amount_usd: 1,
        payment_method: '=HYPERLINK("x")',
        notes: "a,b",
      }),
      201,
    );
    const csv = await (await admin.fetch("/api/admin/payments.csv")).text();
    expect(csv).toContain(`"'=HYPERLINK(""x"")"`);
    expect(csv).toContain(`"a,b"`);
    const audit = await env.DB.prepare("select count(*) as n from audit_log where entity = 'payment'").first<{
      n: number;
    }>();
    expect(audit!.n).toBeGreaterThan(0);
  });
});
