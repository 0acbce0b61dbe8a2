import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminContext, auditActions, outcomes } from "../../test/admin-calls";
import { makeUser } from "../../test/factories";
import type { AdminContext } from "./admin-context";
import { createManualEarning } from "./manual-credits";
import { createPayment, deletePayment, updatePayment, type PaymentInput } from "./payments";

const paymentsOf = async (userId: string) =>
  (await env.DB.prepare("select count(*) as n from payments where user_id = ?1").bind(userId).first<{ n: number }>())!
    .n;

/** A member with `creditMicros` available, and a payment input for them. */
async function payee(ctx: AdminContext, creditMicros: number) {
  const user = await makeUser();
  await createManualEarning({ ctx, input: { userId: user.id, amountMicros: creditMicros, description: "" } });
  const input = (amountMicros: number): PaymentInput => ({
    userId: user.id,
    amountMicros,
    paymentMethod: "PayPal",
    paymentReference: null,
    status: "pending",
    notes: null,
    override: false,
  });
  return { userId: user.id, input };
}

describe("payments", () => {
  it("two deletes at once: exactly one goes through, the other finds nothing, and one delete is audited", async () => {
    const ctx = await adminContext();
    const { input } = await payee(ctx, 30_000_000);
    const { row } = await createPayment({ ctx, input: input(10_000_000) });
    const settled = await Promise.allSettled([
      deletePayment({ ctx, input: { id: row.id } }),
      deletePayment({ ctx, input: { id: row.id } }),
    ]);
    expect(outcomes(settled).sort()).toEqual(["not_found", "ok"]);
    expect(await auditActions(row.id)).toEqual(["create", "delete"]);
  });

  it("an update racing a delete: the late update is not found (not an overdraft) and leaves no record", async () => {
    const ctx = await adminContext();
    const { input } = await payee(ctx, 30_000_000);
    for (let round = 0; round < 4; round++) {
      const { row } = await createPayment({ ctx, input: input(10_000_000) });
      const [updated, deleted] = outcomes(
        await Promise.allSettled([
          updatePayment({ ctx, input: { ...input(12_000_000), status: "completed", id: row.id } }),
          deletePayment({ ctx, input: { id: row.id } }),
        ]),
      );
      expect(deleted).toBe("ok");
      expect(["not_found", "ok"]).toContain(updated);
      expect(await auditActions(row.id)).toEqual(
        updated === "ok" ? ["create", "delete", "update"] : ["create", "delete"],
      );
    }
  });

  it("two payments at once cannot both spend one available balance", async () => {
    const ctx = await adminContext();
    const { userId, input } = await payee(ctx, 30_000_000);
    const results = outcomes(
      await Promise.allSettled([
        createPayment({ ctx, input: input(20_000_000) }),
        createPayment({ ctx, input: input(20_000_000) }),
      ]),
    );
    expect(results.sort()).toEqual(["conflict", "ok"]);
    expect(await paymentsOf(userId)).toBe(1);
  });

  it("a payment for, or moved to, a user who does not exist is not found and writes nothing", async () => {
    const ctx = await adminContext();
    const { input } = await payee(ctx, 30_000_000);
    const ghost = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    await expect(
      createPayment({ ctx, input: { ...input(1_000_000), userId: ghost, override: true } }),
    ).rejects.toMatchObject({ kind: "not_found", message: "user_id: no such user" });
    const { row } = await createPayment({ ctx, input: input(1_000_000) });
    await expect(
      updatePayment({ ctx, input: { ...input(1_000_000), userId: ghost, override: true, id: row.id } }),
    ).rejects.toMatchObject({ kind: "not_found", message: "user_id: no such user" });
    expect(await auditActions(row.id)).toEqual(["create"]);
  });

  it("completed keeps its first processing time; back to pending clears it", async () => {
    const ctx = await adminContext();
    const { input } = await payee(ctx, 30_000_000);
    const { row } = await createPayment({ ctx, input: { ...input(5_000_000), status: "completed" } });
    expect(row.processedAt).not.toBeNull();
    const again = await updatePayment({ ctx, input: { ...input(6_000_000), status: "completed", id: row.id } });
    expect(again.row.processedAt).toBe(row.processedAt);
    const back = await updatePayment({ ctx, input: { ...input(6_000_000), status: "pending", id: row.id } });
    expect(back.row.processedAt).toBeNull();
  });
});
