import { makeUser } from "./factories";
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
