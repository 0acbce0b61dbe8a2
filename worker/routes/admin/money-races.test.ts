import { describe, expect, it } from "vitest";
import type { AdminEarningJson } from "../../../common/schemas/admin-money";
import type { AuditEntryJson } from "../../../common/schemas/admin-audit";
import type { PaymentJson } from "../../../common/schemas/payments";
import { signedInBrowser, uniqueEmail, type Browser } from "../../test/http";

// Two admins (or one double click) changing the same money record at once, through the API: the
// conditional writes settle it, one audit row per change that happened.

const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;
const auditOf = async (admin: Browser, id: string) =>
  (await (await admin.fetch("/api/admin/audit")).json<AuditEntryJson[]>())
    .filter((a) => a.entity_id === id)
    .map((a) => a.action)
    .sort();

describe("concurrent admin money changes", () => {
  it("two DELETEs of one manual earning: 200 and 404, one delete audited", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const userId = await idOf(await signedInBrowser(uniqueEmail("race")));
    const created = await (
      await admin.json("/api/admin/earnings", "POST", { user_id: userId, amount_usd: 3 })
    ).json<AdminEarningJson>();
    const del = () => admin.fetch(`/api/admin/earnings/${created.id}`, { method: "DELETE" });
    const statuses = (await Promise.all([del(), del()])).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 404]);
    expect(await auditOf(admin, created.id)).toEqual(["create", "delete"]);
  });

  it("a PATCH racing a DELETE of one payment: the PATCH either lands before (200, audited) or finds nothing (404)", async () => {
    const admin = await signedInBrowser("admin@example.com");
    const userId = await idOf(await signedInBrowser(uniqueEmail("race")));
    await admin.json("/api/admin/earnings", "POST", { user_id: userId, amount_usd: 30 });
    const body = { user_id: userId, amount_usd: 10, payment_method: "PayPal" };
    const paid = await (await admin.json("/api/admin/payments", "POST", body)).json<PaymentJson>();
    const [patched, deleted] = await Promise.all([
      admin.json(`/api/admin/payments/${paid.id}`, "PATCH", { ...body, status: "completed" }),
      admin.fetch(`/api/admin/payments/${paid.id}`, { method: "DELETE" }),
    ]);
    expect(deleted.status).toBe(200);
    expect([200, 404]).toContain(patched.status);
    expect(await auditOf(admin, paid.id)).toEqual(
      patched.status === 200 ? ["create", "delete", "update"] : ["create", "delete"],
    );
  });
});
