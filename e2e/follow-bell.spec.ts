import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { freshEmail, signInAs } from "./sign-in";
import { CONTENT_PAGE } from "./urls";

// Follow and the bell (docs/decisions/046): a viewer follows a creator, the creator uploads, the viewer's bell
// and Home tell it; marking it read clears the count. At a phone's width too.

test("a viewer follows a creator, the creator uploads, and the viewer's bell and Home show it", async ({ browser }) => {
  // Two members side by side, each in a context of its own (axe reads a page through its context).
  const viewer = await (await browser.newContext()).newPage();
  await signInAs(viewer, freshEmail("fan"));
  const creatorEmail = freshEmail("maker");
  const creator = await (await browser.newContext()).newPage();
  await signInAs(creator, creatorEmail);
  const creatorId = await creator.evaluate(async () => (await (await fetch("/api/users/me")).json()).id as string);

  await viewer.goto(`/creator/${creatorId}`);
  await viewer.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(viewer.getByRole("button", { name: "Following", exact: true })).toBeVisible();
  await expect(viewer.getByText("1 follower", { exact: true })).toBeVisible();

  const title = `Fresh upload ${Date.now().toString(36)}`;
  await creator.goto("/upload");
  await creator.getByLabel(/Media file/).setInputFiles("e2e/fixtures/tiny.mp4");
  await creator.getByLabel("Title").fill(title);
  await creator.getByRole("button", { name: "Upload", exact: true }).click();
  // A 3 s item can't earn: the page says so and links to it instead of opening it (docs/decisions/063).
  await creator.getByRole("link", { name: "Open it" }).click({ timeout: 20_000 });
  await expect(creator).toHaveURL(CONTENT_PAGE, { timeout: 20_000 });

  await viewer.goto("/");
  // The followed uploads are a tab of Home's shelf (docs/decisions/098).
  await viewer.getByRole("tab", { name: "From creators you follow" }).click();
  const section = viewer.getByRole("tabpanel", { name: "From creators you follow" });
  await expect(section.getByRole("link", { name: title }).first()).toBeVisible();
  const bell = viewer.getByRole("button", { name: "Notifications" });
  await expect(bell).toContainText("1");
  // The badge's count is not part of the button's name: axe holds the visible text to the name.
  await expectAccessible(viewer, "home with an unread notification");
  await bell.click();
  await expect(viewer.getByRole("link", { name: new RegExp(`uploaded “${title}”`) })).toBeVisible();
  await viewer.getByRole("button", { name: "Mark all read" }).click();
  await expect(viewer.getByRole("button", { name: "Mark read" })).toHaveCount(0);

  await viewer.setViewportSize({ width: 390, height: 844 });
  await expect(bell).toBeVisible();
  expect(await viewer.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
