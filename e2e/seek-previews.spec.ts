import { expect, test, type Locator, type Page } from "@playwright/test";
import { CONTENT_PAGE } from "./urls";
import { freshEmail, signInAs, skipPreroll } from "./sign-in";

// Seek previews and the player's extras (docs/decisions/102): a creator makes a video's seek previews in the studio;
// hovering the content page's seek bar shows a frame from them; Loop, picture-in-picture (where headless Chromium
// offers it) and theatre mode (remembered) work.

test("a creator makes seek previews in the studio; the seek bar shows them; Loop, PiP and theatre mode", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, freshEmail("seek"));
  await page.goto("/upload");
  await page.getByLabel(/Media file/).setInputFiles("e2e/fixtures/clip-6s.mp4");
  await page.getByLabel(/Title/).fill("Harbour with previews");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(CONTENT_PAGE, { timeout: 30_000 });
  const id = page.url().split("/content/")[1]!;

  // The studio: made here (the upload's own background job may have finished already: then it says Regenerate).
  await page.goto(`/studio/${id}`);
  const card = page.getByRole("region", { name: "Seek previews" });
  await card.getByRole("button", { name: /^(Generate seek previews|Regenerate)$/ }).click();
  await expect(card.getByText("Seek previews are ready.")).toBeVisible({ timeout: 60_000 });
  await expect(card.getByRole("button", { name: "Regenerate" })).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove" })).toBeVisible();
  const item = (await (await page.request.get(`/api/content/${id}`)).json()) as {
    storyboard: { url: string; count: number; interval_ms: number; frame_width: number } | null;
  };
  expect(item.storyboard).toMatchObject({ interval_ms: 2000, frame_width: 160, frame_height: 90 });
  expect(item.storyboard!.count).toBeGreaterThanOrEqual(3);
  const sprite = await page.request.get(item.storyboard!.url);
  expect(sprite.status()).toBe(200);
  expect(sprite.headers()["content-type"]).toBe("image/jpeg");

  // The content page: hovering the seek bar shows the frame and the time.
  await page.goto(`/content/${id}`);
  await skipPreroll(page);
  const player = page.getByRole("region", { name: "Video player: Harbour with previews" });
  const seek = player.getByRole("slider", { name: "Seek" });
  await expect(seek).toBeEnabled();
  const box = (await seek.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.75, box.y + box.height / 2);
  const frame = player.getByTestId("seek-preview-frame");
  await expect(frame).toBeVisible();
  await expect(frame).toHaveAttribute("style", new RegExp(`storyboard\\?v=`));
  await expect(player.getByTestId("seek-preview")).toHaveAttribute("aria-hidden", "true");
  await page.mouse.move(box.x + box.width / 2, box.y - 300);
  await expect(player.getByTestId("seek-preview")).toBeHidden();

  // Loop.
  const loop = player.getByRole("button", { name: "Loop" });
  await loop.click();
  await expect(loop).toHaveAttribute("aria-pressed", "true");

  // Picture-in-picture where this browser offers it, else no button.
  const pip = player.getByRole("button", { name: "Picture-in-picture" });
  if (await page.evaluate(() => document.pictureInPictureEnabled)) await expect(pip).toBeVisible();
  else await expect(pip).toHaveCount(0);

  // Theatre mode spans the page and is remembered.
  const layout = page.locator("[data-theatre]");
  await expect(layout).toHaveAttribute("data-theatre", "off");
  await player.getByRole("button", { name: "Theatre mode" }).click();
  await expect(layout).toHaveAttribute("data-theatre", "on");
  await player.getByRole("button", { name: "Default view" }).click();
  await expect(layout).toHaveAttribute("data-theatre", "off");
  await player.getByRole("button", { name: "Theatre mode" }).click();
  await expect(layout).toHaveAttribute("data-theatre", "on");
  // Wide, the player still fits the window below the header as the page opens: its controls are on screen
  // (16:9 letterboxed inside a shorter frame), at common laptop and desktop sizes.
  for (const [width, height] of [
    [1280, 720],
    [1280, 800],
    [1440, 900],
    [1920, 1080],
  ] as const) {
    await page.setViewportSize({ width, height });
    await controlsOnScreen(page, player, "Default view");
  }
  // The default view at the smallest of them fits too.
  await page.setViewportSize({ width: 1280, height: 720 });
  await player.getByRole("button", { name: "Default view" }).click();
  await expect(layout).toHaveAttribute("data-theatre", "off");
  await controlsOnScreen(page, player, "Theatre mode");
  await player.getByRole("button", { name: "Theatre mode" }).click();
  await expect(layout).toHaveAttribute("data-theatre", "on");
  // Remembered: the page opens wide again (whatever layer covers the player while it starts).
  await page.reload();
  await expect(page.locator("[data-theatre]")).toHaveAttribute("data-theatre", "on");
  // A phone on its side has no theatre mode, and is as short: its player keeps the bar on screen too.
  await page.setViewportSize({ width: 844, height: 390 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(player.getByRole("button", { name: /^(Play|Pause)$/ })).toBeInViewport({ ratio: 1 });
  await expect(player.getByRole("button", { name: "Full screen" })).toBeInViewport({ ratio: 1 });
});

/** Scrolled to the top, as a page opens: the player's Play (or Pause) and its theatre button are wholly on screen. */
async function controlsOnScreen(page: Page, player: Locator, theatreButton: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(player.getByRole("button", { name: /^(Play|Pause)$/ })).toBeInViewport({ ratio: 1 });
  await expect(player.getByRole("button", { name: theatreButton })).toBeInViewport({ ratio: 1 });
  await expect(player.getByRole("button", { name: "Full screen" })).toBeInViewport({ ratio: 1 });
  const frame = (await player.boundingBox())!;
  expect(frame.y + frame.height).toBeLessThanOrEqual(page.viewportSize()!.height);
}
