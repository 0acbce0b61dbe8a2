import { env } from "cloudflare:test";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { makeContent, makeUser, testDb } from "../test/factories";
import { newId } from "../lib/ids";
import { nowIso } from "../lib/time";
import { isUniqueViolation } from "./errors";
import { bonuses, content, earnings, users } from "./schema";

const search = async (query: string) =>
  (
    await env.DB.prepare(
      "select c.id from content_search s join content c on c.rowid = s.rowid where content_search match ? order by bm25(content_search)",
    )
      .bind(query)
      .all<{ id: string }>()
  ).results.map((r) => r.id);

describe("money idempotency lives in the schema", () => {
  it("pays each side of a view at most once", async () => {
    const viewer = await makeUser();
    const row = {
      userId: viewer.id,
      kind: "viewer" as const,
      viewId: newId(),
      amountMicros: 3000,
      createdAt: nowIso(),
    };
    await testDb()
      .insert(earnings)
      .values({ id: newId(), ...row });
    const again = testDb()
      .insert(earnings)
      .values({ id: newId(), ...row });
    await expect(again).rejects.toSatisfy(isUniqueViolation);
    // The other side of the same view is a different credit.
    await testDb()
      .insert(earnings)
      .values({ id: newId(), ...row, kind: "creator" });
  });

  it("allows one sign-on bonus per user but any number of manual bonuses", async () => {
    const user = await makeUser();
    const bonus = (kind: "signon" | "manual") => ({
      id: newId(),
      userId: user.id,
      kind,
      challengeIds: kind === "manual" ? "Manual" : "c1",
      totalMicros: 75_000_000,
      status: "pending" as const,
      createdAt: nowIso(),
    });
    await testDb().insert(bonuses).values(bonus("signon"));
    await expect(testDb().insert(bonuses).values(bonus("signon"))).rejects.toSatisfy(isUniqueViolation);
    await testDb()
      .insert(bonuses)
      .values([bonus("manual"), bonus("manual")]);
  });

  it("refuses negative amounts", async () => {
    const user = await makeUser();
    const bad = testDb().insert(earnings).values({
      id: newId(),
      userId: user.id,
      kind: "manual",
      amountMicros: -1,
      createdAt: nowIso(),
    });
    await expect(bad).rejects.toThrow();
  });
});

describe("the search index follows content and creators", () => {
  it("indexes new content, follows edits and deletes, and the creator's new name", async () => {
    const word = `zq${Math.random().toString(36).slice(2, 8)}`;
    const creator = await makeUser({ username: `${word}_maker` });
    const item = await makeContent(creator.id, { title: `Glacier ${word}`, tags: "travel,ice" });
    expect(await search(`"${word}"*`)).toEqual([item.id]);
    expect(await search(`creator_name:"${word}_maker"`)).toEqual([item.id]);

    await testDb().update(content).set({ title: "Plain title" }).where(eq(content.id, item.id));
    expect(await search(`title:"${word}"`)).toEqual([]);

    await testDb()
      .update(users)
      .set({ username: `renamed${word}` })
      .where(eq(users.id, creator.id));
    expect(await search(`creator_name:"renamed${word}"`)).toEqual([item.id]);

    await testDb().delete(content).where(eq(content.id, item.id));
    expect(await search(`"renamed${word}"`)).toEqual([]);
  });
});

describe("member numbers (docs/decisions/058)", () => {
  it("gives each new member the next number, never the same twice, and never changes one", async () => {
    const a = await makeUser();
    const b = await makeUser();
    const num = async (id: string) =>
      (await testDb().select({ num: users.num }).from(users).where(eq(users.id, id)))[0]?.num;
    const [na, nb] = [await num(a.id), await num(b.id)];
    expect(na).toBeGreaterThan(0);
    expect(nb).toBe(na! + 1);
    // An insert that names no number still gets one after the highest, even past a gap.
    await env.DB.prepare("insert into users (id, email, created_at, num) values (?1, ?2, ?3, ?4)")
      .bind(newId(), `gap-${newId()}@example.com`, nowIso(), nb! + 10)
      .run();
    const c = await makeUser();
    expect(await num(c.id)).toBe(nb! + 11);
    await expect(
      env.DB.prepare("update users set num = ?1 where id = ?2")
        .bind(nb! + 100, a.id)
        .run(),
    ).rejects.toThrow(/never changes/);
    expect(await num(a.id)).toBe(na);
  });
});
