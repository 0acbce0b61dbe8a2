import { expect, test } from "@playwright/test";
import { freshEmail, signInAs, skipPreroll } from "./sign-in";

test("a viewer watches another creator's clip to the end and both earn $0.003", async ({ page }) => {
  // A fresh creator publishes a 6-second clip (items under 5 s never earn: docs/decisions/016).
  const creator = freshEmail("creator");
  await signInAs(page, creator);
  await page.goto("/upload");
  await page.getByLabel(/Media file/).setInputFiles("e2e/fixtures/clip-6s.mp4");
  await page.getByLabel("Title").fill("Six seconds of fame");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(/\/content\/[0-9A-Z]{26}$/, { timeout: 20_000 });
  const clipUrl = page.url();
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();

  // A fresh viewer watches it to the end, at normal speed: the server paces the view on its own clock.
  await signInAs(page, freshEmail("viewer"));
  await page.goto(clipUrl);
  await skipPreroll(page);
  await expect.poll(() => page.evaluate(() => document.querySelector("video")?.ended ?? false), { timeout: 15_000 }).toBe(true);

  // Home runs the earnings job on load; the wallet shows the reward.
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/earnings/calculate") && r.ok()),
    page.goto("/"),
  ]);
  await page.goto("/wallet");
  const viewerCard = page.getByRole("region", { name: "Viewer Earnings" });
  await expect(viewerCard.getByText("$0.003").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Total Balance" }).getByText("$0.003").first()).toBeVisible();
  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();

  // The creator sees the same amount as creator earnings.
  await signInAs(page, creator);
  await page.goto("/wallet");
  await expect(page.getByRole("region", { name: "Creator Earnings" }).getByText("$0.003").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Viewer Earnings" }).getByText("$0.000").first()).toBeVisible();
});
