import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signInAs } from "./sign-in";
import { searchGallery } from "./gallery-search";

// The player's ad sequence against the seeded demo: ad settings point at /ads/sample-vast.xml (a 6 s
// ad) with pre- and post-roll on. Tests that change the settings put the seeded values back.

const SEEDED = { preroll_enabled: "true", postroll_enabled: "true", vast_url: "/ads/sample-vast.xml" } as const;
type AdSettingKey = keyof typeof SEEDED;

/** PATCH /api/admin/ad-settings as the signed-in admin (same-origin request, as the admin screen sends). */
async function setAdSetting(page: Page, key: AdSettingKey, value: string) {
  const origin = new URL(page.url()).origin;
  const response = await page.request.patch("/api/admin/ad-settings", {
    data: { key, value },
    headers: { Origin: origin },
  });
  expect(response.status(), `${key} = ${value}`).toBe(200);
}

async function restoreAdSettings(page: Page, keys: AdSettingKey[]) {
  for (const key of keys) await setAdSetting(page, key, SEEDED[key]);
}

/** Opens the seeded 6-second clip from the gallery, as a viewer would. */
async function openShortClip(page: Page) {
  await searchGallery(page, "Retrowave City");
  await page.getByRole("link", { name: "Retrowave City" }).first().click();
  await expect(page.getByRole("heading", { name: "Retrowave City", level: 1 })).toBeVisible();
}

const contentTime = (page: Page) =>
  page
    .getByRole("region", { name: "Video player: Retrowave City" })
    .locator("video")
    .first()
    .evaluate((v: HTMLVideoElement) => v.currentTime);

test("a pre-roll plays first, 'Skip Ad' comes after 5 s, and skipping starts the content", async ({ page }) => {
  await signInAs(page, freshEmail("preroll"));
  await openShortClip(page);

  const ad = page.getByRole("region", { name: "Advertisement" });
  await expect(ad).toBeVisible();
  await expect(ad.getByText("Advertisement", { exact: true })).toBeVisible();
  await expect(ad.getByText("Skip in 5")).toBeVisible();
  const countdownSeen = Date.now();
  const skip = ad.getByRole("button", { name: "Skip Ad" });
  await expect(skip).toBeHidden();
  // The content waits under the ad.
  expect(await contentTime(page)).toBe(0);

  // Tab from the link above the player: every stop in the player is the frame or the ad's own, none of the
  // controls hidden behind the ad (they are inert), and each shows its focus ring (docs/decisions/098).
  await page.getByRole("link", { name: "Back to gallery" }).focus();
  const player = page.getByRole("region", { name: "Video player: Retrowave City" });
  const stops: string[] = [];
  for (let i = 0; i < 6; i++) {
    await page.keyboard.press("Tab");
    const stop = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement;
      const frame = el.closest('[aria-label^="Video player"]');
      if (!frame) return null;
      const style = getComputedStyle(el);
      return {
        name: el.getAttribute("aria-label") ?? el.textContent?.trim() ?? el.tagName,
        inert: el.closest("[inert]") !== null,
        ring: style.outlineStyle !== "none" && parseFloat(style.outlineWidth) > 0,
      };
    });
    if (!stop) break;
    expect(stop.inert, `${stop.name} is behind the ad`).toBe(false);
    expect(stop.ring, `${stop.name} shows where focus is`).toBe(true);
    stops.push(stop.name);
  }
  // ('Skip Ad' joins them once its countdown is over.)
  expect(stops.filter((name) => !name.startsWith("Skip Ad"))).toEqual([
    "Video player: Retrowave City",
    "Visit advertiser (opens in a new tab)",
    "Mute ad",
  ]);
  await expect(player).toBeVisible();

  await expect(skip).toBeVisible({ timeout: 10_000 });
  expect(Date.now() - countdownSeen).toBeGreaterThanOrEqual(3_900);
  await skip.click();
  await expect(ad).toBeHidden();
  await expect.poll(() => contentTime(page)).toBeGreaterThan(0.2);
});

test("a broken ad feed shows 'Advertisement Unavailable', then the content starts by itself", async ({ page }) => {
  await signInAs(page, "admin@example.com");
  await setAdSetting(page, "vast_url", "/ads/broken-vast.xml");
  try {
    await openShortClip(page);
    const unavailable = page.getByRole("alert").filter({ hasText: "Advertisement Unavailable" });
    await expect(unavailable).toBeVisible();
    await expect(unavailable.getByText("Unable to load the advertisement. Proceeding to your content.")).toBeVisible();
    await expect(unavailable.getByRole("button", { name: "Continue to Content" })).toBeVisible();
    // Nobody clicks: after 1.5 s the content goes on.
    await expect(unavailable).toBeHidden({ timeout: 5_000 });
    await expect.poll(() => contentTime(page)).toBeGreaterThan(0.2);
  } finally {
    await restoreAdSettings(page, ["vast_url"]);
  }
});

test("Up Next follows the content and closes itself after 10 s", async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, "admin@example.com");
  await setAdSetting(page, "preroll_enabled", "false");
  await setAdSetting(page, "postroll_enabled", "false");
  try {
    await openShortClip(page);
    await page.getByRole("button", { name: "Play" }).click();

    const upNext = page.getByRole("dialog", { name: "Up Next" });
    await expect(upNext).toBeVisible({ timeout: 20_000 });
    const shownAt = Date.now();
    await expect(upNext.getByRole("timer")).toHaveText(/Auto-close in (10|9)s/);
    await expect(upNext.getByRole("checkbox", { name: "Auto-play next" })).not.toBeChecked();
    await expect(upNext.getByRole("list", { name: "Suggestions" }).getByRole("link").first()).toBeVisible();
    await expect(upNext.getByRole("button", { name: "Close" })).toBeVisible();
    await expect(upNext.getByRole("link", { name: "Browse All Content" })).toBeVisible();

    // At 1280 (docs/decisions/098): one row of whole cards, above the control bar, which stays in reach, and
    // none of them is in Related beside it.
    const cards = upNext.getByRole("list", { name: "Suggestions" }).getByRole("link");
    await expect(cards).toHaveCount(3);
    const panel = (await upNext.boundingBox())!;
    for (const card of await cards.all()) {
      const box = (await card.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(panel.y + panel.height);
    }
    const play = page.getByRole("button", { name: "Play" });
    const bar = (await play.boundingBox())!;
    expect(panel.y + panel.height).toBeLessThanOrEqual(bar.y);
    expect(await play.evaluate((el) => el.closest("[inert]") === null)).toBe(true);
    const related = await page
      .getByRole("complementary", { name: "Related" })
      .getByRole("link")
      .evaluateAll((links) => links.map((link) => link.getAttribute("href")));
    for (const href of await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")))) {
      expect(related).not.toContain(href);
    }
    await expect(upNext.getByRole("timer")).toHaveText("Auto-close in 5s", { timeout: 8_000 });

    await expect(upNext).toBeHidden({ timeout: 10_000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(9_000);
    // Closed, not navigated: still on the clip.
    await expect(page.getByRole("heading", { name: "Retrowave City", level: 1 })).toBeVisible();
  } finally {
    await restoreAdSettings(page, ["preroll_enabled", "postroll_enabled"]);
  }
});
