import { expect, test } from "@playwright/test";
import { CONTENT_PAGE } from "./urls";
import { freshEmail, signInAs, skipPreroll } from "./sign-in";

// Chapters and a chosen frame (docs/decisions/050): a creator uploads a video with chapter lines in its description
// and a frame picked as its thumbnail; the content page marks the chapters and its list seeks the player.

test("a creator picks a frame at upload, and the description's chapters seek the player", async ({ page }) => {
  await signInAs(page, freshEmail("chapters"));
  await page.goto("/upload");
  await page.getByLabel(/Media file/).setInputFiles("e2e/fixtures/clip-6s.mp4");
  await page.getByLabel(/Title/).fill("Harbour in two parts");
  await page.getByLabel(/Description/).fill("Two halves.\n\n0:00 First half 🌊\n0:03 Second half\n\nThanks!");

  await page.getByRole("button", { name: "Choose a frame" }).click();
  const dialog = page.getByRole("dialog", { name: "Choose a frame" });
  const use = dialog.getByRole("button", { name: "Use this frame" });
  await expect(use).toBeEnabled();
  await dialog.getByLabel("Frame position").focus();
  for (let step = 0; step < 25; step += 1) await page.keyboard.press("ArrowRight");
  await expect(dialog.getByText(/^0:03 \/ 0:0[56]$/)).toBeVisible();
  await expect(use).toBeEnabled();
  await use.click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("img", { name: "Chosen thumbnail" })).toBeVisible();

  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(CONTENT_PAGE, { timeout: 30_000 });
  const id = page.url().split("/content/")[1];
  const item = (await (await page.request.get(`/api/content/${id}`)).json()) as { thumbnail_url: string | null };
  expect(item.thumbnail_url).toBeTruthy();
  const thumbnail = await page.request.get(item.thumbnail_url!);
  expect(thumbnail.headers()["content-type"]).toBe("image/jpeg");

  const chapters = page.getByRole("region", { name: "Chapters" });
  await expect(chapters.getByRole("button")).toHaveText(["0:00First half 🌊", "0:03Second half"]);
  await skipPreroll(page);
  const player = page.getByRole("region", { name: "Video player: Harbour in two parts" });
  await expect(player.getByTestId("chapter-mark")).toHaveCount(1);
  await chapters.getByRole("button", { name: "0:03 Second half" }).click();
  await expect
    .poll(() =>
      player
        .locator("video")
        .first()
        .evaluate((v: HTMLVideoElement) => v.currentTime),
    )
    .toBeGreaterThanOrEqual(3);
  await expect(chapters.getByRole("button", { name: "0:03 Second half" })).toHaveAttribute("aria-current", "true");
  await expect(player.getByRole("slider", { name: "Seek" })).toHaveAttribute("aria-valuetext", /chapter: Second half$/);
});
