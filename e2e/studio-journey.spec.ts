import { expect, test } from "@playwright/test";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshEmail, signInAs, skipPreroll } from "./sign-in";
import { CONTENT_PAGE } from "./urls";

// The creator's whole journey (docs/decisions/048–050): a creator uploads a video with a .vtt and chapter lines
// and picks a frame as its thumbnail; a viewer watches it with captions on; the creator's Stats show the view.

test("upload with captions, chapters and a chosen frame; a viewer watches with CC; the studio shows the view", async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const stamp = Date.now().toString(36);
  const vtt = join(tmpdir(), `journey-${stamp}.vtt`);
  writeFileSync(vtt, "WEBVTT\n\n00:00.000 --> 00:05.500\nHello from the harbour\n");
  const title = `Harbour journey ${stamp}`;

  const creatorEmail = freshEmail("journey");
  const creator = await browser.newPage();
  await signInAs(creator, creatorEmail);
  await creator.goto("/upload");
  await creator.getByLabel(/Media file/).setInputFiles("e2e/fixtures/clip-6s.mp4");
  await creator.getByLabel("Title").fill(title);
  await creator.getByLabel(/Description/).fill("0:00 Arrival\n0:03 Departure");
  await creator.getByRole("button", { name: "Add captions" }).click();
  await creator.getByLabel("Language").fill("en");
  await creator.getByLabel("Captions file (.vtt)").setInputFiles(vtt);
  await expect(creator.locator("p").getByText("English", { exact: true })).toBeVisible();

  await creator.getByRole("button", { name: "Choose a frame" }).click();
  const dialog = creator.getByRole("dialog", { name: "Choose a frame" });
  await expect(dialog.getByRole("button", { name: "Use this frame" })).toBeEnabled();
  await dialog.getByLabel("Frame position").focus();
  for (let step = 0; step < 20; step += 1) await creator.keyboard.press("ArrowRight");
  await dialog.getByRole("button", { name: "Use this frame" }).click();
  await expect(dialog).toBeHidden();
  await expect(creator.getByRole("img", { name: "Chosen thumbnail" })).toBeVisible();

  await creator.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(creator).toHaveURL(CONTENT_PAGE, { timeout: 30_000 });
  const url = creator.url();
  const item = (await (await creator.request.get(`/api/content/${url.split("/content/")[1]}`)).json()) as {
    thumbnail_url: string | null;
    captions?: { lang: string }[];
  };
  expect(item.thumbnail_url).toBeTruthy();
  expect(item.captions?.map((c) => c.lang)).toEqual(["en"]);
  await expect(creator.getByRole("region", { name: "Chapters" }).getByRole("button")).toHaveCount(2);

  const viewer = await browser.newPage();
  await signInAs(viewer, freshEmail("journey-viewer"));
  await viewer.goto(url);
  await skipPreroll(viewer);
  const player = viewer.getByRole("region", { name: `Video player: ${title}` });
  await player.hover();
  await player.getByRole("button", { name: "Captions" }).click();
  await expect(player.getByRole("button", { name: "Captions: English" })).toHaveAttribute("aria-pressed", "true");
  await expect
    .poll(() =>
      player
        .locator("video")
        .evaluate((v: HTMLVideoElement) =>
          Array.from(v.textTracks[0]?.activeCues ?? [], (c) => (c as VTTCue).text).join(),
        ),
    )
    .toBe("Hello from the harbour");
  await expect
    .poll(() => viewer.evaluate(() => document.querySelector("video")?.ended ?? false), { timeout: 20_000 })
    .toBe(true);
  await viewer.close();

  await creator.goto("/profile");
  await creator.getByRole("tab", { name: "My Content" }).click();
  await creator.getByRole("link", { name: `Stats for ${title}` }).click();
  const figure = (label: string) => creator.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
  await expect(figure("Views")).toHaveText("1");
  await expect(figure("Qualified views")).toHaveText("1");
});
