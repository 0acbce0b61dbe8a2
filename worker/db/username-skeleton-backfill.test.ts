import { env } from "cloudflare:test";
import { expect, it } from "vitest";
import { LATIN_LOOKALIKES } from "../../common/username-lookalikes";
import { usernameKey, usernameSkeleton } from "../../common/username";
import { newId } from "../lib/ids";
import { makeUser, testDb } from "../test/factories";
import { findUserById, setUsername } from "./queries/members/users";

// Migration 0056 backfills users.username_skeleton in SQL (docs/decisions/104). The test runtime has applied it to
// an empty table, so here its statements run again over rows as they stood before it: a name and its 0053 key.
const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith("0056_"))!;
const statement = (pattern: RegExp) => migration.queries.filter((q) => pattern.test(q));
const backfill = statement(/^(--[^\n]*\n)*UPDATE /);
const [createIndex] = statement(/^(--[^\n]*\n)*CREATE UNIQUE INDEX `users_username_skeleton_unique`/);

async function runBackfill() {
  await env.DB.prepare("DROP INDEX `users_username_skeleton_unique`").run();
  for (const query of backfill) await env.DB.prepare(query).run();
  await env.DB.prepare(createIndex).run();
}

/** A member as migration 0053 left them: the name and its key, no skeleton. */
async function memberBefore0056(username: string, createdAt: string) {
  return makeUser({ username, usernameKey: usernameKey(username), usernameSkeleton: null, createdAt });
}

it("holds the whole lookalike table, every letter in both of its chains' cases", () => {
  expect(backfill).toHaveLength(3);
  const pairs = (query: string) => [...query.matchAll(/^ {2}'(.+)', '(.+)'\)/gmu)].map(([, from, to]) => [from, to]);
  const all = Object.entries(LATIN_LOOKALIKES);
  // The name as stored: every letter, in its case. The key, already lower-cased: the small letters and digits.
  expect(pairs(backfill[0])).toEqual(all);
  expect(pairs(backfill[1])).toEqual(all.filter(([from]) => from.toLowerCase() === from));
  // Names with a capital that reads otherwise than its small letter keep the first chain's reading.
  const split = all.filter(([from, to]) => from.toLowerCase() !== from && LATIN_LOOKALIKES[from.toLowerCase()] !== to);
  expect(backfill[1]).toContain(`NOT \`username\` GLOB '*[${split.map(([from]) => from).join("")}]*'`);
});

it("writes the skeleton JavaScript writes, and on a clash keeps it for the earlier member only", async () => {
  const exact = [
    "ben_cooks",
    "Paypa1_7",
    "\u0430\u0441\u0435_42", // асе_42, all Cyrillic
    "\u039d\u0399\u039a\u039f_7", // ΝΙΚΟ_7, Greek capitals
    "\u0396\u03c9\u03ae", // Ζωή
    "\u041e\u043b\u0435\u0433", // Олег
    "山田太郎",
    "ÁVÀ_x",
    "\uff41\uff44\uff4d\uff49\uff4e\uff18", // full-width admin8
    "\u03ac\u03ba\u03bf\u03c2", // άκος
  ];
  const made = [];
  for (const [i, name] of exact.entries())
    made.push(await memberBefore0056(name, `2026-11-0${1 + (i % 9)}T00:00:00.000Z`));
  // Three names that read as "bob_9": the earliest by sign-up keeps it, whatever the order of their ids.
  const later = await memberBefore0056("bob_9", "2026-11-20T00:00:00.000Z");
  const earliest = await memberBefore0056("b0b_9", "2026-11-10T00:00:00.000Z");
  const latest = await memberBefore0056("\u0412\u041e\u0412_9", "2026-11-21T00:00:00.000Z");
  // Same moment: the smaller id keeps it.
  const stem = newId().slice(0, -1);
  const [tieA, tieB] = [`${stem}0`, `${stem}1`];
  await makeUser({
    id: tieB,
    username: "c00l_9",
    usernameKey: "c00l_9",
    usernameSkeleton: null,
    createdAt: "2026-11-05T00:00:00.000Z",
  });
  await makeUser({
    id: tieA,
    username: "cool_9",
    usernameKey: "cool_9",
    usernameSkeleton: null,
    createdAt: "2026-11-05T00:00:00.000Z",
  });

  await runBackfill();

  const db = testDb();
  for (const user of made)
    expect((await findUserById(db, user.id))?.usernameSkeleton, user.username!).toBe(usernameSkeleton(user.username!));
  expect((await findUserById(db, earliest.id))?.usernameSkeleton).toBe("bob_9");
  for (const user of [later, latest]) {
    const row = await findUserById(db, user.id);
    // Left as it was: the name and its key, no skeleton (the earlier member's stands for it).
    expect(row).toMatchObject({ username: user.username, usernameKey: user.usernameKey, usernameSkeleton: null });
  }
  expect((await findUserById(db, tieA))?.usernameSkeleton).toBe("cool_9");
  expect((await findUserById(db, tieB))?.usernameSkeleton).toBeNull();

  // From now on the earlier member's skeleton refuses every way of writing the name.
  const newcomer = await makeUser();
  expect(await setUsername(db, { userId: newcomer.id, username: "BOB_9" })).toBe(false);
  expect(await setUsername(db, { userId: newcomer.id, username: "\u0430\u0441\u0435_42" })).toBe(false);
  expect(await setUsername(db, { userId: newcomer.id, username: "ace_42" })).toBe(false);
  expect(await setUsername(db, { userId: newcomer.id, username: "Олег_2" })).toBe(true);
});
