import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { freshEmail, signInAs } from "./sign-in";
import { CONTENT_PAGE } from "./urls";

// The following feed (docs/decisions/101): a viewer follows a creator, the creator uploads; /following shows it
// marked New and the bell counts it; opening the feed reads it in both. By keyboard, at 1280 and 390 px.

test("the following feed shows a followed creator's upload as New, and opening it clears the bell", async ({
  browser,
}) => {
  const viewer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  // A visitor is sent home, as from every member page.
  await viewer.goto("/following");
  await expect(viewer).toHaveURL(/\/$/);
  await signInAs(viewer, freshEmail("feedfan"));
  const creator = await (await browser.newContext()).newPage();
  await signInAs(creator, freshEmail("feedmaker"));
  const creatorId = await creator.evaluate(async () => (await (await fetch("/api/users/me")).json()).id as string);

  // Nothing followed yet: the empty state points home.
  await viewer.goto("/following");
  await expect(viewer.getByRole("heading", { name: "Following", level: 1 })).toBeVisible();
  await expect(viewer.getByText("Follow creators to see their new uploads here.")).toBeVisible();
  await expect(viewer.getByRole("link", { name: "Go to Home" })).toHaveAttribute("href", "/");

  await viewer.goto(`/creator/${creatorId}`);
  await viewer.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(viewer.getByRole("button", { name: "Following", exact: true })).toBeVisible();

  const title = `Feed upload ${Date.now().toString(36)}`;
  await creator.goto("/upload");
  await creator.getByLabel(/Media file/).setInputFiles("e2e/fixtures/tiny.mp4");
  await creator.getByLabel("Title").fill(title);
  await creator.getByRole("button", { name: "Upload", exact: true }).click();
  await creator.getByRole("link", { name: "Open it" }).click({ timeout: 20_000 });
  await expect(creator).toHaveURL(CONTENT_PAGE, { timeout: 20_000 });

  // The bell counts it before the feed is opened.
  await viewer.goto("/profile");
  await expect(viewer.getByRole("button", { name: "Notifications, 1 unread" })).toBeVisible();

  // To the feed from the account menu, by keyboard.
  const menuLink = viewer.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Following" });
  await menuLink.focus();
  await viewer.keyboard.press("Enter");
  await expect(viewer).toHaveURL(/\/following$/);
  const feed = viewer.getByRole("list", { name: "Uploads from creators you follow" });
  const card = feed.getByRole("listitem").filter({ has: viewer.getByRole("link", { name: title }) });
  await expect(card).toBeVisible();
  await expect(card.getByText("New", { exact: true })).toBeVisible();
  // Opening the feed read it: the bell's count is gone.
  await expect(viewer.getByRole("button", { name: "Notifications", exact: true })).toBeVisible();
  await expectAccessible(viewer, "the following feed");

  // Loaded again, the upload is no longer new; the bell agrees.
  await viewer.reload();
  await expect(card).toBeVisible();
  await expect(card.getByText("New", { exact: true })).toHaveCount(0);
  await viewer.getByRole("button", { name: "Notifications", exact: true }).click();
  await expect(viewer.getByRole("button", { name: "Mark read" })).toHaveCount(0);
  await viewer.keyboard.press("Escape");

  // The card opens by keyboard.
  await card.getByRole("link", { name: title }).focus();
  await viewer.keyboard.press("Enter");
  await expect(viewer).toHaveURL(CONTENT_PAGE);

  await viewer.setViewportSize({ width: 390, height: 844 });
  await viewer.goto("/following");
  await expect(card).toBeVisible();
  expect(await viewer.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
