import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { adminContext } from "../../test/admin-calls";
import { changeChallenge, createChallenge, type NewChallenge } from "./admin-challenges";

// Challenge writes are conditional (docs/decisions/041): an update sets only the fields it names in the
// database, with its audit row taken from the row in the same batch, so changes racing each other all land
// and the audit log reads as one chain from the create to the row as it is.

const NEW: NewChallenge = {
  name: "Race",
  description: "Race",
  requirement_type: "streams_completed",
  requirement_value: 3,
  bonus_amount: 5,
  time_limit_hours: 24,
  is_active: false,
};

type Audit = { action: string; before: string | null; after: string | null };
const auditOf = async (id: string) =>
  (
    await env.DB.prepare(
      "select action, before, after from audit_log where entity = 'challenge' and entity_id = ?1 order by rowid",
    )
      .bind(id)
      .all<Audit>()
  ).results.map((a) => ({
    action: a.action,
    before: a.before && JSON.parse(a.before),
    after: a.after && JSON.parse(a.after),
  }));

describe("challenge writes", () => {
  it("changes of different fields racing each other all land, each audited once, as one chain", async () => {
    const ctx = await adminContext();
    const created = await createChallenge({ ctx, input: NEW });
    const [a, b, c] = await Promise.all([
      changeChallenge({ ctx, input: { id: created.id, name: "Renamed" } }),
      changeChallenge({ ctx, input: { id: created.id, bonus_amount: 12.34 } }),
      changeChallenge({ ctx, input: { id: created.id, is_active: true, requirement_value: 9 } }),
    ]);
    expect([a.name, b.bonusMicros, c.isActive, c.requirementValue]).toEqual(["Renamed", 12_340_000, true, 9]);
    const row = await env.DB.prepare(
      "select name, description, bonus_micros, is_active, requirement_value from challenges where id = ?1",
    )
      .bind(created.id)
      .first();
    expect(row).toEqual({
      name: "Renamed",
      description: "Race",
      bonus_micros: 12_340_000,
      is_active: 1,
      requirement_value: 9,
    });

    const audit = await auditOf(created.id);
    expect(audit.map((x) => x.action)).toEqual(["create", "update", "update", "update"]);
    expect(audit[0]!.after).toMatchObject({ name: "Race", bonus_amount: 5, is_active: false, requirement_value: 3 });
    // Each change's "before" is the row the previous one left: nothing was lost or recorded from a stale read.
    for (let i = 1; i < audit.length; i++) expect(audit[i]!.before).toEqual(audit[i - 1]!.after);
    expect(audit.at(-1)!.after).toMatchObject({
      name: "Renamed",
      description: "Race",
      bonus_amount: 12.34,
      is_active: true,
      requirement_value: 9,
    });
  });

  it("a create racing changes of an older challenge: both rows as written, each write audited once", async () => {
    const ctx = await adminContext();
    const older = await createChallenge({ ctx, input: NEW });
    const [fresh, changed, again] = await Promise.all([
      createChallenge({ ctx, input: { ...NEW, name: "Fresh", bonus_amount: 0.07 } }),
      changeChallenge({ ctx, input: { id: older.id, time_limit_hours: 48 } }),
      changeChallenge({ ctx, input: { id: older.id, description: "Described" } }),
    ]);
    expect(fresh).toMatchObject({ name: "Fresh", bonusMicros: 70_000, isActive: false });
    expect(changed.timeLimitHours).toBe(48);
    expect(again.description).toBe("Described");
    expect(
      await env.DB.prepare("select time_limit_hours, description from challenges where id = ?1").bind(older.id).first(),
    ).toEqual({
      time_limit_hours: 48,
      description: "Described",
    });
    expect((await auditOf(fresh.id)).map((x) => x.action)).toEqual(["create"]);
    expect((await auditOf(older.id)).map((x) => x.action)).toEqual(["create", "update", "update"]);
  });

  it("a change of a challenge that does not exist is not found and writes no audit row", async () => {
    const ctx = await adminContext();
    const id = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    await expect(changeChallenge({ ctx, input: { id, name: "Ghost" } })).rejects.toMatchObject({ kind: "not_found" });
    expect(await auditOf(id)).toEqual([]);
  });
});
