import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signInAs, skipPreroll } from "./sign-in";
import { searchGallery } from "./gallery-search";

// Resume and history (docs/decisions/045) against the seeded demo (pre-roll on, a 6 s ad): a viewer
// watches part of the 20 s "Ramen from Scratch", reloads, resumes where they left it without another
// pre-roll, and finds it in Continue watching and in Profile → History, where they clear it.

const TITLE = "Ramen from Scratch";
const video = (page: Page) =>
  page
    .getByRole("region", { name: `Video player: ${TITLE}` })
    .locator("video")
    .first();
const contentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

test("watch half, reload, resume without a pre-roll, then find it in Continue watching and History", async ({
  page,
}) => {
  await signInAs(page, freshEmail("resume"));
  await searchGallery(page, TITLE);
  await page.getByRole("link", { name: TITLE }).first().click();
  await expect(page.getByRole("heading", { name: TITLE, level: 1 })).toBeVisible();
  // Nothing to resume yet: the sequence starts as always.
  await expect(page.getByRole("button", { name: /Resume from/ })).toHaveCount(0);
  await skipPreroll(page);
  await expect.poll(() => contentTime(page), { timeout: 20_000 }).toBeGreaterThanOrEqual(9);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  const left = Math.floor(await contentTime(page));
  // The pause's event reaches the server before the reload.
  await page.waitForTimeout(1000);

  await page.reload();
  const label = `Resume from 0:${String(left).padStart(2, "0")}`;
  const resume = page.getByRole("button", { name: label });
  await expect(resume).toBeVisible();
  await expect(page.getByRole("button", { name: "Start over" })).toBeVisible();
  await resume.click();
  await expect(page.getByRole("region", { name: "Advertisement" })).toHaveCount(0);
  await expect.poll(() => contentTime(page)).toBeGreaterThan(left);
  await video(page).evaluate((v: HTMLVideoElement) => v.pause());
  await page.waitForTimeout(1000);

  await page.goto("/");
  // Continue watching is a tab of Home's shelf (docs/decisions/098).
  await page.getByRole("tab", { name: "Continue watching" }).click();
  const row = page.getByRole("tabpanel", { name: "Continue watching" });
  await expect(row.getByRole("link", { name: TITLE })).toBeVisible();

  await page.goto("/profile");
  await page.getByRole("tab", { name: "History" }).click();
  const history = page.getByRole("list", { name: "Watch history" });
  await expect(history.getByRole("link", { name: TITLE })).toBeVisible();
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByRole("button", { name: "Clear all history" }).click();
  await expect(page.getByText(/Nothing here yet/)).toBeVisible();
  await page.goto("/");
  await expect(page.getByRole("tabpanel", { name: "Recommended for You" })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Continue watching" })).toHaveCount(0);
});
