import { expect, test } from "@playwright/test";
import { expectPlayedPast, freshEmail, signInAs, signOut, skipPreroll } from "./sign-in";
import { CONTENT_PAGE } from "./urls";

test("a viewer watches another creator's clip to the end and both earn $0.003", async ({ page }) => {
  // A fresh creator publishes a 6-second clip (items under 5 s never earn: docs/decisions/016).
  const creator = freshEmail("creator");
  await signInAs(page, creator);
  await page.goto("/upload");
  await page.getByLabel(/Media file/).setInputFiles("e2e/fixtures/clip-6s.mp4");
  await page.getByLabel("Title").fill("Six seconds of fame");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(CONTENT_PAGE, { timeout: 20_000 });
  const clipUrl = page.url();
  await signOut(page);

  // A fresh viewer watches it to the end, at normal speed: the server paces the view on its own clock.
  await signInAs(page, freshEmail("viewer"));
  await page.goto(clipUrl);
  await skipPreroll(page);
  await expect
    .poll(() => page.evaluate(() => document.querySelector("video")?.ended ?? false), { timeout: 15_000 })
    .toBe(true);

  // Home runs the earnings job on load; the wallet shows the reward.
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/earnings/calculate") && r.ok()),
    page.goto("/"),
  ]);
  await page.goto("/wallet");
  const viewerCard = page.getByRole("region", { name: "Viewer Earnings" });
  await expect(viewerCard.getByText("$0.003").first()).toBeVisible();
  await expect(page.getByRole("region", { name: "Total Balance" }).getByText("$0.003").first()).toBeVisible();
  await signOut(page);

  // The creator sees the same amount as creator earnings.
  await signInAs(page, creator);
  await page.goto("/wallet");
  await expect(page.getByRole("region", { name: "Creator Earnings" }).getByText("$0.003").first()).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Viewer Earnings" }).getByText("$0.00", { exact: true }).first(),
  ).toBeVisible();
});

/**
 * Plays the content of the open page in its player to the end, seeking back once on the way (the player
 * fetches the media from /stream, which proves the delivery: docs/decisions/029).
 */
async function playToEndWithSeek(page: import("@playwright/test").Page, kind: "Video" | "Audio", title: string) {
  await skipPreroll(page);
  const media = page
    .getByRole("region", { name: `${kind} player: ${title}` })
    .locator(kind === "Video" ? "video" : "audio")
    .first();
  await expectPlayedPast(media, 2.5);
  await media.evaluate((m: HTMLMediaElement) => void (m.currentTime = 0.5));
  await expect.poll(() => media.evaluate((m: HTMLMediaElement) => m.ended), { timeout: 30_000 }).toBe(true);
}

test("the real player earns for a video and an MP3, each with a seek, and the day's views list both", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const creator = freshEmail("creator");
  await signInAs(page, creator);
  const uploads: Record<string, string> = {};
  for (const [file, title] of [
    ["e2e/fixtures/clip-6s.mp4", "Seek and you shall find"],
    ["seed/media/ben-late-night-debugging.mp3", "Eight seconds of debugging"],
  ] as const) {
    await page.goto("/upload");
    await page.getByLabel(/Media file/).setInputFiles(file);
    await page.getByLabel("Title").fill(title);
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page).toHaveURL(CONTENT_PAGE, { timeout: 20_000 });
    uploads[title] = page.url();
  }
  await signOut(page);

  await signInAs(page, freshEmail("viewer"));
  await page.goto(uploads["Seek and you shall find"]!);
  await playToEndWithSeek(page, "Video", "Seek and you shall find");
  await page.goto(uploads["Eight seconds of debugging"]!);
  await playToEndWithSeek(page, "Audio", "Eight seconds of debugging");

  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/earnings/calculate") && r.ok()),
    page.goto("/"),
  ]);
  await page.goto("/wallet");
  await expect(page.getByRole("region", { name: "Viewer Earnings" }).getByText("$0.006").first()).toBeVisible();
  // The day's views: both paid (pending in the hold, or earned once it is over), neither 'not_delivered'.
  await page.getByRole("tab", { name: "Earnings Calendar" }).click();
  await page
    .getByRole("button", { name: /^Views on / })
    .first()
    .click();
  const views = page
    .getByRole("dialog", { name: /^Views on / })
    .getByRole("list", { name: "Views as viewer" })
    .getByRole("listitem");
  await expect(views).toHaveCount(2);
  for (const title of ["Seek and you shall find", "Eight seconds of debugging"]) {
    await expect(views.filter({ hasText: title }).getByText(/^(Pending until .*|Earned \$0\.003)$/)).toBeVisible();
  }
  await page.goto("/");
  await signOut(page);

  await signInAs(page, creator);
  await page.goto("/wallet");
  await expect(page.getByRole("region", { name: "Creator Earnings" }).getByText("$0.006").first()).toBeVisible();
});
