import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { freshEmail, signInAs } from "./sign-in";

// A scheduled upload that appears at its time (docs/decisions/094): a creator uploads an item scheduled ~25 s
// ahead; a follower sees it nowhere until then, and at its time it is in the gallery and the follower's bell,
// whether or not the cron has run (reads honour publish_at themselves). At a phone's width too.

const AHEAD_MS = 25_000;

/** A `datetime-local` value (to the second) for an instant, in the page's own time zone, as a person would type it. */
const localValue = (page: Page, ms: number) =>
  page.evaluate((at) => {
    const d = new Date(at);
    const pad = (n: number) => String(n).padStart(2, "0");
    return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
  }, ms);

test("a scheduled upload appears in the gallery and the follower's bell at its time, not before", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const fan = await (await browser.newContext()).newPage();
  await signInAs(fan, freshEmail("fan"));
  const creator = await (await browser.newContext()).newPage();
  await signInAs(creator, freshEmail("premiere"));
  const creatorId = await creator.evaluate(async () => (await (await fetch("/api/users/me")).json()).id as string);
  await fan.goto(`/creator/${creatorId}`);
  await fan.getByRole("button", { name: "Follow", exact: true }).click();
  await expect(fan.getByRole("button", { name: "Following", exact: true })).toBeVisible();

  const title = `Premiere ${Date.now().toString(36)}`;
  await creator.goto("/upload");
  const visibility = creator.getByRole("group", { name: "Visibility" });
  await visibility.getByRole("radio", { name: /Scheduled/ }).check();
  await expect(creator.getByText(/Your time zone: /)).toBeVisible();
  // A time already past is said at once.
  await creator.getByLabel("Goes public at").fill(await localValue(creator, Date.now() - 60_000));
  await expect(creator.getByText("Choose a time in the future")).toBeVisible();
  await expectAccessible(creator, "upload with a scheduled visibility");
  await creator.getByLabel(/Media file/).setInputFiles("e2e/fixtures/tiny.mp4");
  await creator.getByLabel("Title").fill(title);
  await expect(creator.getByRole("button", { name: "Upload", exact: true })).toBeDisabled();
  const publishAt = Date.now() + AHEAD_MS;
  await creator.getByLabel("Goes public at").fill(await localValue(creator, publishAt));
  await creator.getByRole("button", { name: "Upload", exact: true }).click();
  // A 3 s item can't earn: the page says so and links to it (docs/decisions/063).
  await creator.getByRole("link", { name: "Open it" }).click({ timeout: 20_000 });
  await expect(creator.getByRole("note")).toContainText("Scheduled for");
  const id = new URL(creator.url()).pathname.split("/").pop()!;

  // Before its time: not in the gallery, not on the fan's Home or bell, and its page is not found for them.
  expect(Date.now()).toBeLessThan(publishAt);
  const galleryIds = async () =>
    ((await (await fan.request.get("/api/content?limit=60")).json()) as { items: { id: string }[] }).items.map(
      (i) => i.id,
    );
  expect(await galleryIds()).not.toContain(id);
  await fan.goto(`/content/${id}`);
  await expect(fan.getByRole("heading", { name: "Content not found" })).toBeVisible();
  await fan.goto("/");
  await fan.getByRole("button", { name: "Notifications" }).click();
  await expect(fan.getByRole("link", { name: new RegExp(`uploaded “${title}”`) })).toHaveCount(0);

  // At its time: in the gallery and the bell.
  await expect.poll(galleryIds, { timeout: AHEAD_MS + 20_000, intervals: [1000] }).toContain(id);
  await fan.goto("/");
  await expect(fan.getByRole("link", { name: title }).first()).toBeVisible();
  const bell = fan.getByRole("button", { name: "Notifications" });
  await expect(bell).toContainText("1");
  await bell.click();
  await expect(fan.getByRole("link", { name: new RegExp(`uploaded “${title}”`) })).toBeVisible();
  await fan.goto(`/content/${id}`);
  await expect(fan.getByRole("heading", { name: title })).toBeVisible();

  await fan.setViewportSize({ width: 390, height: 844 });
  expect(await fan.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await creator.setViewportSize({ width: 390, height: 844 });
  await creator.goto("/upload");
  await creator
    .getByRole("group", { name: "Visibility" })
    .getByRole("radio", { name: /Scheduled/ })
    .check();
  expect(await creator.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
