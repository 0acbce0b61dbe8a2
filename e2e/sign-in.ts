import { expect, test, type Locator, type Page } from "@playwright/test";

/**
 * Signs in through the header's Sign In button and the local sign-in page, as a person would: three full page
 * loads of the dev server. Only the specs about signing in use it (e2e/auth.spec.ts); every other journey signs in
 * with `signInAs` (docs/decisions/076-ci-where-the-cpu-goes.md).
 */
export async function signInThroughPages(page: Page, email: string) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\/dev\?state=/);
  const demo = page.getByRole("button", { name: email, exact: true });
  if (await demo.count()) {
    await demo.click();
  } else {
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
}

/**
 * Signs in (creating the account on first use) with the two requests the local sign-in pages make — the redirect
 * URL with its state cookie, then the code exchange — from the page's own browser context, so the session cookie
 * lands where the page reads it; then opens Home and waits for the signed-in header, as `signInThroughPages` ends.
 * Each call is a session of its own (a journey that signs out ends only its own), and whatever session the page
 * had is replaced. One page load instead of three (docs/decisions/076-ci-where-the-cpu-goes.md).
 */
export async function signInAs(page: Page, email: string) {
  // The suite's base URL (playwright.config.ts), which `page.request` resolves the paths against.
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const redirect = await page.request.get("/api/oauth/google/redirect_url");
  expect(redirect.status(), "sign-in: redirect URL").toBe(200);
  const { redirectUrl } = (await redirect.json()) as { redirectUrl: string };
  const state = new URL(redirectUrl).searchParams.get("state");
  expect(state, "sign-in: the local sign-in page's state").toBeTruthy();
  // The API refuses a state-changing request from another origin (worker/middleware/security.ts): say ours, as the page would.
  const session = await page.request.post("/api/sessions", {
    data: { code: `dev:${email}`, state },
    headers: { origin },
  });
  expect(session.status(), `sign-in as ${email}: ${await session.text()}`).toBe(200);
  await page.goto("/");
  // Home itself, not the loading frame, whose header (Sign Out and all) is replaced when the screen arrives.
  await expect(page.getByRole("region", { name: "Discover Content" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
}

/**
 * Signs out through the header and waits for the server's answer: the header shows Sign In at once, and a sign-in
 * started before the logout's answer arrived had its new session cookie cleared by that answer (a journey then found
 * itself signed out).
 */
export async function signOut(page: Page) {
  const ended = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/logout");
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  expect((await ended).status(), "sign-out").toBe(200);
}

/** A fresh account per journey, so journeys never depend on each other's data. */
export const freshEmail = (label: string) =>
  `e2e-${label}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;

/** The seed turns pre-roll ads on: wait for the ad's Skip button (after 5 s) and skip to the content. */
export async function skipPreroll(page: Page) {
  const ad = page.getByRole("region", { name: "Advertisement" });
  await ad.getByRole("button", { name: "Skip Ad" }).click({ timeout: 15_000 });
  // The break is over once the ad is gone; a journey that fails after this line failed in the content.
  await expect(ad, "the pre-roll is gone after Skip Ad").toBeHidden();
}

/**
 * Waits until the media has played past `seconds`. On a timeout it says what the element was doing (paused, how much
 * it had loaded, an error) and whether an ad still covered it, so a failure in CI says why without its trace.
 */
export async function expectPlayedPast(media: Locator, seconds: number, timeout = 20_000) {
  try {
    await expect
      .poll(() => media.evaluate((m: HTMLMediaElement) => m.currentTime), { timeout })
      .toBeGreaterThan(seconds);
  } catch (error) {
    const state = await media.evaluate((m: HTMLMediaElement) => ({
      currentTime: m.currentTime,
      paused: m.paused,
      ended: m.ended,
      readyState: m.readyState,
      networkState: m.networkState,
      error: m.error?.code ?? null,
      buffered: m.buffered.length ? m.buffered.end(m.buffered.length - 1) : 0,
    }));
    const adShowing = await media.page().getByRole("region", { name: "Advertisement" }).count();
    throw new Error(`${String(error)}\nmedia: ${JSON.stringify(state)}; ads showing: ${adShowing}`, { cause: error });
  }
}

/**
 * Waits for the page's requests to settle before measuring it, for at most 15 s. A page that keeps one request
 * open past that (a slow or stuck fetch in a loaded suite) is measured as it stands rather than failing the whole
 * journey at its time limit: the checks that follow still wait for what they look at.
 */
export async function settled(page: Page) {
  await page.waitForLoadState("networkidle", { timeout: 15_000 }).catch(() => undefined);
}
