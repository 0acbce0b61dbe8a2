import { describe, expect, it } from "vitest";
import type { AuditEntryJson } from "../../../common/schemas/admin-audit";
import type { WalletJson } from "../../../common/schemas/wallet";
import { signedInBrowser, uniqueEmail, type Browser } from "../../test/http";

// Security read (docs/decisions/017): an admin deleted an earning a payment had already drawn on, and the creator's
// balance went to -$29.82. Lowering or deleting a credit must not leave payments uncovered unless the admin
// confirms, exactly like paying more than the balance (worker/routes/admin/payments.ts).

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const balance = async (b: Browser) => {
  const w = await (await b.fetch("/api/me/wallet")).json<WalletJson>();
  return Math.round((w.viewer_balance + w.creator_balance) * 1000) / 1000;
};

async function expectStatus(res: Response, status: number) {
  expect(res.status, await res.clone().text()).toBe(status);
  return res;
}

async function paidMember(admin: Browser, credit: { path: string; field: string; amount: number }, paid: number) {
  const member = await signedInBrowser(uniqueEmail("paid"));
  const userId = await idOf(member);
  const created = await (
    await expectStatus(await admin.json(credit.path, "POST", { user_id: userId, [credit.field]: credit.amount }), 201)
  ).json<{ id: string }>();
  await expectStatus(
    await admin.json("/api/admin/payments", "POST", { user_id: userId, amount_usd: paid, payment_method: "PayPal" }),
    201,
  );
  return { member, userId, id: created.id };
}

const auditOf = async (admin: Browser, id: string) =>
  (await (await admin.fetch("/api/admin/audit")).json<AuditEntryJson[]>())
    .filter((a) => a.entity_id === id)
    .map((a) => a.action);

describe("credits a payment drew on", () => {
  it("manual earnings: deleting or lowering below what was paid needs the override; the refusal names the amounts", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const { member, id } = await paidMember(
      admin,
      { path: "/api/admin/earnings", field: "amount_usd", amount: 30 },
      25,
    );
    expect(await balance(member)).toBe(5);

    const refused = await expectStatus(await admin.fetch(`/api/admin/earnings/${id}`, { method: "DELETE" }), 409);
    expect(await refused.json()).toMatchObject({
      code: "already_paid_out",
      error:
        "Payments already drew on this earning ($30.00): deleting it would leave the user's balance at −$25.00. Confirm to delete it anyway.",
    });
    const lower = await expectStatus(await admin.json(`/api/admin/earnings/${id}`, "PATCH", { amount_usd: 10 }), 409);
    expect(await lower.json()).toMatchObject({
      code: "already_paid_out",
      error:
        "Payments already drew on this earning ($30.00): lowering it to $10.00 would leave the user's balance at −$15.00. Confirm to change it anyway.",
    });
    expect(await balance(member)).toBe(5);
    expect(await auditOf(admin, id)).toEqual(["create"]);

    // Lowering within what is left, and raising, need no confirmation.
    await expectStatus(await admin.json(`/api/admin/earnings/${id}`, "PATCH", { amount_usd: 26.5 }), 200);
    await expectStatus(await admin.json(`/api/admin/earnings/${id}`, "PATCH", { amount_usd: 40 }), 200);
    expect(await balance(member)).toBe(15);

    // Confirmed: the change goes through, audited, and the balance shows the overdraft.
    await expectStatus(await admin.json(`/api/admin/earnings/${id}`, "PATCH", { amount_usd: 10, override: true }), 200);
    expect(await balance(member)).toBe(-15);
    await expectStatus(await admin.fetch(`/api/admin/earnings/${id}?override=true`, { method: "DELETE" }), 200);
    expect(await balance(member)).toBe(-25);
    expect(await auditOf(admin, id)).toEqual(["delete", "update", "update", "update", "create"]);
  });

  it("manual bonuses: the same guard and the same override", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const { member, id } = await paidMember(
      admin,
      { path: "/api/admin/bonuses", field: "total_bonus_amount", amount: 50 },
      40,
    );
    const refused = await expectStatus(await admin.fetch(`/api/admin/bonuses/${id}`, { method: "DELETE" }), 409);
    expect(await refused.json()).toMatchObject({
      code: "already_paid_out",
      error:
        "Payments already drew on this bonus ($50.00): deleting it would leave the user's balance at −$40.00. Confirm to delete it anyway.",
    });
    await expectStatus(await admin.json(`/api/admin/bonuses/${id}`, "PATCH", { total_bonus_amount: 30 }), 409);
    await expectStatus(await admin.json(`/api/admin/bonuses/${id}`, "PATCH", { total_bonus_amount: 45 }), 200);
    expect(await balance(member)).toBe(5);
    await expectStatus(await admin.fetch(`/api/admin/bonuses/${id}?override=true`, { method: "DELETE" }), 200);
    expect(await balance(member)).toBe(-40);
    expect(await auditOf(admin, id)).toEqual(["delete", "update", "create"]);
  });

  it("lets a credit go that no payment needed: other credits still cover every payment", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const { member, userId } = await paidMember(
      admin,
      { path: "/api/admin/earnings", field: "amount_usd", amount: 30 },
      25,
    );
    const spare = await (
      await expectStatus(await admin.json("/api/admin/earnings", "POST", { user_id: userId, amount_usd: 20 }), 201)
    ).json<{ id: string }>();
    await expectStatus(await admin.fetch(`/api/admin/earnings/${spare.id}`, { method: "DELETE" }), 200);
    expect(await balance(member)).toBe(5);
  });

  it("refuses an override that is not true or false with a 400 naming it", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const { id } = await paidMember(admin, { path: "/api/admin/earnings", field: "amount_usd", amount: 30 }, 25);
    const res = await expectStatus(
      await admin.fetch(`/api/admin/earnings/${id}?override=yes`, { method: "DELETE" }),
      400,
    );
    expect((await res.json<{ error: string }>()).error).toMatch(/^override: /);
    await expectStatus(await admin.json(`/api/admin/earnings/${id}`, "PATCH", { amount_usd: 1, override: "yes" }), 400);
  });
});
