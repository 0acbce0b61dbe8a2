import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { availableSql } from "../../db/queries/wallet/balance-parts";
import { nowIso } from "../../lib/time";
import { adminContext, auditActions, outcomes } from "../../test/admin-calls";
import { makeUser, testDb } from "../../test/factories";
import type { AdminContext } from "./admin-context";
import {
  createManualBonus,
  createManualEarning,
  deleteManualBonus,
  deleteManualEarning,
  updateManualBonus,
  updateManualEarning,
} from "./manual-credits";
import { createPayment } from "./payments";

// The races the conditional writes settle: each write is one statement whose condition is checked when it
// runs, and its audit row is selected under the same condition in the same batch.

const available = async (userId: string) =>
  (await env.DB.prepare(`select ${availableSql("?1", "?2")} as micros`)
    .bind(userId, nowIso())
    .first<{ micros: number }>())!.micros;

const kinds = [
  { name: "manual earnings", create: createManualEarning, update: updateManualEarning, remove: deleteManualEarning },
  { name: "manual bonuses", create: createManualBonus, update: updateManualBonus, remove: deleteManualBonus },
];

describe.each(kinds)("$name", (kind) => {
  async function credit(ctx: AdminContext, amountMicros: number) {
    const user = await makeUser();
    const { row } = await kind.create({ ctx, input: { userId: user.id, amountMicros, description: "" } });
    return { userId: user.id, id: row.id };
  }

  it("two deletes at once: exactly one goes through, the other finds nothing, and one delete is audited", async () => {
    const ctx = await adminContext();
    const { id } = await credit(ctx, 2_000_000);
    const settled = await Promise.allSettled([
      kind.remove({ ctx, input: { id, override: false } }),
      kind.remove({ ctx, input: { id, override: false } }),
    ]);
    expect(outcomes(settled).sort()).toEqual(["not_found", "ok"]);
    expect(await auditActions(id)).toEqual(["create", "delete"]);
  });

  it("an update racing a delete: the log holds exactly the changes that happened", async () => {
    const ctx = await adminContext();
    for (let round = 0; round < 4; round++) {
      const { id } = await credit(ctx, 1_000_000);
      const [updated, deleted] = outcomes(
        await Promise.allSettled([
          kind.update({ ctx, input: { id, amountMicros: 5_000_000, override: false } }),
          kind.remove({ ctx, input: { id, override: false } }),
        ]),
      );
      expect(deleted).toBe("ok");
      // Before the delete the update goes through; after it, it finds nothing and leaves no record.
      expect(["not_found", "ok"]).toContain(updated);
      expect(await auditActions(id)).toEqual(updated === "ok" ? ["create", "delete", "update"] : ["create", "delete"]);
    }
  });

  it("a payment racing the delete of the credit it draws on: one of them is refused, and no payment goes uncovered", async () => {
    const ctx = await adminContext();
    const { userId, id } = await credit(ctx, 30_000_000);
    const payment = {
      userId,
      amountMicros: 25_000_000,
      paymentMethod: "PayPal",
      paymentReference: null,
      status: "pending",
      notes: null,
      override: false,
    } as const;
    const [paid, deleted] = outcomes(
      await Promise.allSettled([
        createPayment({ ctx, input: payment }),
        kind.remove({ ctx, input: { id, override: false } }),
      ]),
    );
    expect([paid, deleted].sort()).toEqual(["conflict", "ok"]);
    expect(await available(userId)).toBeGreaterThanOrEqual(0);
    expect(await auditActions(id)).toEqual(deleted === "ok" ? ["create", "delete"] : ["create"]);
  });

  it("two changes at once that each lower what payments drew on: only what stays covered is written and audited", async () => {
    const ctx = await adminContext();
    const { userId, id } = await credit(ctx, 30_000_000);
    await createPayment({
      ctx,
      input: {
        userId,
        amountMicros: 20_000_000,
        paymentMethod: "PayPal",
        paymentReference: null,
        status: "pending",
        notes: null,
        override: false,
      },
    });
    const lower = (amountMicros: number) => kind.update({ ctx, input: { id, amountMicros, override: false } });
    const results = outcomes(
      await Promise.allSettled([
        lower(25_000_000),
        lower(20_000_000),
        kind.remove({ ctx, input: { id, override: false } }),
      ]),
    );
    // Each lowering on its own is covered; the delete never is. Whatever the order, the balance stays covered.
    expect(results[2]).toBe("conflict");
    expect(await available(userId)).toBeGreaterThanOrEqual(0);
    expect((await auditActions(id)).filter((a) => a === "update")).toHaveLength(
      results.filter((r) => r === "ok").length,
    );
  });

  it("checks the caller itself: a member who is not an admin is refused and nothing is written", async () => {
    const ctx = await adminContext();
    const { id } = await credit(ctx, 1_000_000);
    const member: AdminContext = { db: testDb(), actor: { id: (await makeUser()).id, isAdmin: false } };
    await expect(kind.remove({ ctx: member, input: { id, override: true } })).rejects.toMatchObject({
      kind: "forbidden",
    });
    expect(await auditActions(id)).toEqual(["create"]);
  });
});
