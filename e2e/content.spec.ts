import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signInAs, skipPreroll } from "./sign-in";
import { CONTENT_PAGE } from "./urls";
import { searchGallery } from "./gallery-search";

const fixture = (name: string) => `e2e/fixtures/${name}`;

async function uploadSingle(page: Page, file: string, title: string, tags = "") {
  await page.goto("/upload");
  await page.getByLabel(/Media file/).setInputFiles(fixture(file));
  await page.getByLabel("Title").fill(title);
  if (tags) await page.getByLabel("Tags").fill(tags);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  // The tiny fixtures last 3 s, under the shortest item that earns: the page stays to say so, with a link to
  // the item, instead of opening it (docs/decisions/063).
  await expect(page.getByText("Won't earn: shorter than 5 s")).toBeVisible({ timeout: 20_000 });
  await page.getByRole("link", { name: "Open it" }).click();
  await expect(page).toHaveURL(CONTENT_PAGE, { timeout: 20_000 });
  await expect(page.getByRole("heading", { name: title })).toBeVisible();
}

test("a creator uploads a video, plays it and likes it", async ({ page }) => {
  await signInAs(page, freshEmail("video"));
  await uploadSingle(page, "tiny.mp4", "E2E tiny clip", "e2e, clip");
  await expect(page.getByText("0:03").first()).toBeVisible();
  await skipPreroll(page);
  await expect.poll(() => page.evaluate(() => document.querySelector("video")?.currentTime ?? 0)).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Like" }).click();
  await expect(page.getByRole("button", { name: "Liked" })).toBeVisible();
  await expect(page.getByText("1 like", { exact: true })).toBeVisible();
});

test("a viewer plays a seeded video and seeks with the keyboard", async ({ page }) => {
  await signInAs(page, "viewer@example.com");
  await searchGallery(page, "sunset drive");
  await page.getByRole("link", { name: "Sunset Drive" }).first().click();
  await skipPreroll(page);
  await expect.poll(() => page.evaluate(() => document.querySelector("video")?.currentTime ?? 0)).toBeGreaterThan(0.3);
  await page.getByRole("button", { name: "Pause" }).click();
  const paused = await page.evaluate(() => document.querySelector("video")?.currentTime ?? 0);
  const seek = page.getByRole("slider", { name: "Seek" });
  await seek.focus();
  await page.keyboard.press("ArrowRight");
  await expect
    .poll(() => page.evaluate(() => document.querySelector("video")?.currentTime ?? 0))
    .toBeGreaterThan(paused);
  // → is the player's shortcut: 5 s forward.
  await expect
    .poll(() => page.evaluate(() => document.querySelector("video")?.currentTime ?? 0))
    .toBeGreaterThan(paused + 4);
  await page.keyboard.press("ArrowLeft");
  await expect
    .poll(() => page.evaluate(() => document.querySelector("video")?.currentTime ?? 99))
    .toBeLessThan(paused + 1);
});

test("a creator uploads an audio track", async ({ page }) => {
  await signInAs(page, freshEmail("audio"));
  await uploadSingle(page, "tiny.mp3", "E2E tiny track");
  await expect(page.locator("audio")).toHaveCount(1);
});

test("bulk upload leaves out a fake MP4 when picked and uploads the rest", async ({ page }) => {
  await signInAs(page, freshEmail("bulk"));
  await page.goto("/upload/bulk");
  await page
    .getByLabel("Choose video and audio files")
    .setInputFiles([fixture("tiny.mp4"), fixture("tiny.mp3"), fixture("not-media.mp4")]);
  // Its first bytes are not an MP4's: refused before any upload (docs/decisions/038); the server refusing
  // the same bytes (415) is worker/routes/uploads.test.ts's.
  await expect(page.getByRole("alert")).toContainText("“not-media.mp4” does not contain MP4 video");
  await expect(page.getByRole("list", { name: "Uploads" }).getByRole("listitem")).toHaveCount(2);
  await page.getByRole("button", { name: "Upload All" }).click();
  await expect(page.getByRole("button", { name: "All Complete!" })).toBeVisible({ timeout: 30_000 });
  // The video's seek previews are made in this browser after it is uploaded; the audio has none
  // (docs/decisions/105).
  await expect(page.getByText("Seek previews: 1 of 1 ready.")).toBeVisible({ timeout: 60_000 });
  const uploads = page.getByRole("list", { name: "Uploads" });
  await expect(uploads.getByRole("listitem", { name: "tiny.mp4" })).toContainText("Seek previews are ready.");
  await expect(uploads.getByRole("listitem", { name: "tiny.mp3" })).not.toContainText("Seek previews");
  await page.goto("/profile");
  await page.getByRole("tab", { name: "My Content" }).click();
  await expect(page.getByText("2 item(s)")).toBeVisible();
});

test("a creator edits and deletes content from the profile", async ({ page }) => {
  await signInAs(page, freshEmail("profile"));
  await uploadSingle(page, "tiny.mp4", "Draft title");
  await page.goto("/profile");
  await page.getByRole("tab", { name: "My Content" }).click();
  const item = page.getByRole("listitem", { name: "Draft title" });
  await item.getByRole("button", { name: "Edit" }).click();
  await page.getByRole("form", { name: "Edit Draft title" }).getByLabel("Title").fill("Final title");
  await page.getByRole("button", { name: "Save" }).click();
  const renamed = page.getByRole("listitem", { name: "Final title" });
  await expect(renamed).toBeVisible();
  let confirmText = "";
  page.once("dialog", (d) => {
    confirmText = d.message();
    void d.accept();
  });
  await renamed.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("No content uploaded yet")).toBeVisible();
  expect(confirmText).toBe('Are you sure you want to delete "Final title"? This action cannot be undone.');
});

test("search and type filters from the header narrow the gallery", async ({ page }) => {
  await page.goto("/");
  const search = page.getByRole("searchbox", { name: "Search content or creators" });
  // Seeded items: "Sunset Drive" (video by ava), "Rain on the Tent" (audio by ava).
  await search.fill("sunset");
  await expect(page.getByRole("heading", { name: "Sunset Drive" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Rain on the Tent" })).toHaveCount(0);
  await search.fill("ava");
  await expect(page.getByRole("heading", { name: "Rain on the Tent" })).toBeVisible();
  const types = page.getByRole("group", { name: "Content type" });
  await types.getByRole("button", { name: "Videos" }).click();
  await expect(page.getByRole("heading", { name: "Sunset Drive" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Rain on the Tent" })).toHaveCount(0);
  await types.getByRole("button", { name: "Audio" }).click();
  await expect(page.getByRole("heading", { name: "Rain on the Tent" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sunset Drive" })).toHaveCount(0);
});
