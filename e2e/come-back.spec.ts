import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signInAs, skipPreroll } from "./sign-in";
import { CONTENT_PAGE } from "./urls";

// The come-back journey (docs/decisions/045, 046): a viewer follows ava, ava uploads, the viewer's bell
// shows it; the viewer opens it from the bell, watches half, reloads, resumes where they left it and finds it
// in History. The upload is one of the seed's 18-second clips, long enough to leave and resume.

const AVA = "01JBD3M000000000000000AVA0";
const video = (page: Page, title: string) =>
  page
    .getByRole("region", { name: `Video player: ${title}` })
    .locator("video")
    .first();
const position = (page: Page, title: string) => video(page, title).evaluate((v: HTMLVideoElement) => v.currentTime);

test("follow ava, her upload rings the bell, watch half, reload, resume, and it is in History", async ({ browser }) => {
  test.setTimeout(120_000);
  const viewer = await browser.newPage();
  await signInAs(viewer, freshEmail("comeback"));
  await viewer.goto(`/creator/${AVA}`);
  await viewer.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(viewer.getByRole("button", { name: "Following", exact: true })).toBeVisible();

  const ava = await browser.newPage();
  await signInAs(ava, "ava@example.com");
  const title = `Dunes again ${Date.now().toString(36)}`;
  await ava.goto("/upload");
  await ava.getByLabel(/Media file/).setInputFiles("seed/media/ava-desert-dunes-timelapse.mp4");
  await ava.getByLabel("Title").fill(title);
  await ava.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(ava).toHaveURL(CONTENT_PAGE, { timeout: 30_000 });
  await ava.close();

  await viewer.goto("/");
  // Home itself is on screen (not the loading frame, whose header is replaced, bell and all, when it arrives).
  // The followed uploads are a tab of Home's shelf (docs/decisions/098).
  await viewer.getByRole("tab", { name: "From creators you follow" }).click();
  await expect(
    viewer.getByRole("tabpanel", { name: "From creators you follow" }).getByRole("link", { name: title }).first(),
  ).toBeVisible();
  const bell = viewer.getByRole("button", { name: "Notifications" });
  await expect(bell).toContainText("1");
  await bell.click();
  await viewer.getByRole("link", { name: new RegExp(`uploaded “${title}”`) }).click();
  await expect(viewer.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await skipPreroll(viewer);
  await expect.poll(() => position(viewer, title), { timeout: 20_000 }).toBeGreaterThanOrEqual(9);
  await video(viewer, title).evaluate((v: HTMLVideoElement) => v.pause());
  const left = Math.floor(await position(viewer, title));
  // The pause's event reaches the viewer's watch-session object before the reload.
  await viewer.waitForTimeout(1000);

  await viewer.reload();
  const resume = viewer.getByRole("button", { name: `Resume from 0:${String(left).padStart(2, "0")}` });
  await expect(resume).toBeVisible();
  await resume.click();
  await expect(viewer.getByRole("region", { name: "Advertisement" })).toHaveCount(0);
  await expect.poll(() => position(viewer, title)).toBeGreaterThan(left);
  await video(viewer, title).evaluate((v: HTMLVideoElement) => v.pause());

  await viewer.goto("/profile");
  await viewer.getByRole("tab", { name: "History" }).click();
  await expect(viewer.getByRole("list", { name: "Watch history" }).getByRole("link", { name: title })).toBeVisible();
});
