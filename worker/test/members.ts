import { env } from "cloudflare:test";
import { views } from "../db/schema";
import { newId } from "../lib/ids";
import { makeContent, makeUser, testDb } from "./factories";
import { signedInBrowser, uniqueEmail, type Browser } from "./http";

// Members for journeys through the API: signed in through the real local sign-in, each with a unique email.

const DAY_MS = 24 * 3600_000;

/** The signed-in member's id, as the API gives it. */
const idOf = async (b: Browser) => (await (await b.fetch("/api/users/me")).json<{ id: string }>()).id;

/** The home page's earnings poll (settles the caller's own views and bonus). */
export const calculate = (b: Browser) => b.fetch("/api/earnings/calculate", { method: "POST" });

/** A member who joins now (new: enrolled in the active challenges). */
export async function member(prefix = "member") {
  const browser = await signedInBrowser(uniqueEmail(prefix));
  return { browser, id: await idOf(browser) };
}

/** A member who joined 30 days ago: no challenges, not new for the ring rule, inside nobody's window. */
export async function established(prefix = "established") {
  const email = uniqueEmail(prefix);
  await makeUser({ email, createdAt: new Date(Date.now() - 30 * DAY_MS).toISOString() });
  const browser = await signedInBrowser(email);
  return { browser, id: await idOf(browser) };
}

/**
 * Gives a member the history a certifier of sign-on claims needs (docs/decisions/065): an account older than a
 * week, who watched (and was paid for) items of `creators` creators. Written as the earnings job leaves it: credited views 20 days ago
 * (the view triggers keep view_pairs), of items by established creators of their own.
 */
export async function givePaidHistory(userId: string, creators = 2) {
  const at = new Date(Date.now() - 20 * DAY_MS).toISOString();
  await env.DB.prepare("update users set created_at = ?2 where id = ?1 and created_at > ?2")
    .bind(userId, new Date(Date.now() - 30 * DAY_MS).toISOString())
    .run();
  for (let i = 0; i < creators; i++) {
    const creator = await makeUser({ createdAt: new Date(Date.now() - 60 * DAY_MS).toISOString() });
    const item = await makeContent(creator.id, { durationMs: 20_000 });
    await testDb()
      .insert(views)
      .values({
        id: newId(),
        contentId: item.id,
        viewerId: userId,
        creatorId: creator.id,
        discoveryMethod: "browse",
        startedAt: at,
        lastEventAt: at,
        maxPositionMs: 20_000,
        watchTimeMs: 20_000,
        status: "credited",
        qualifiedAt: at,
        qualifiedDay: at.slice(0, 10),
        creditSlot: 1,
      });
  }
}

/** An established member who can certify a sign-on claim: joined 30 days ago, has watched two creators since. */
export async function certifier(prefix = "certifier") {
  const who = await established(prefix);
  await givePaidHistory(who.id);
  return who;
}
