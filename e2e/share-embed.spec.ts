import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signInAs, skipPreroll } from "./sign-in";

// Share and embed (docs/decisions/099): a link at the current time opens there; the embed code plays in another
// site's page without a session and sends no playback event; the item's page head previews with its title and image.

async function sunsetDrive(page: Page): Promise<{ id: string; title: string }> {
  const res = await page.request.get("/api/content?search=Sunset%20Drive");
  expect(res.status()).toBe(200);
  const { items } = (await res.json()) as { items: { id: string; title: string }[] };
  const item = items.find((i) => i.title === "Sunset Drive");
  expect(item, "the seeded Sunset Drive").toBeTruthy();
  return item!;
}

const contentTime = (page: Page) =>
  page
    .getByRole("region", { name: /player: Sunset Drive/ })
    .locator("video")
    .first()
    .evaluate((v: HTMLVideoElement) => v.currentTime);

test("Share at the current time: the copied link opens the item at that time", async ({ page, baseURL }) => {
  // The site's pages have their loading screen as they start: react-router has nothing to warn about.
  const said = consoleOf(page, (url) => url.startsWith(baseURL!));
  await signInAs(page, freshEmail("share"));
  const item = await sunsetDrive(page);
  await page.goto(`/content/${item.id}`);
  await skipPreroll(page);
  await expect.poll(() => contentTime(page), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Pause" }).click();
  // The viewer moves to 0:05 (the item is 12 s long), as with the seek bar.
  await page
    .getByRole("region", { name: /player: Sunset Drive/ })
    .locator("video")
    .first()
    .evaluate((v: HTMLVideoElement) => {
      v.currentTime = 5.6;
    });
  await expect.poll(() => contentTime(page)).toBeGreaterThanOrEqual(5);
  const at = 5;

  await page.getByRole("button", { name: "Share", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Share" });
  await dialog.getByRole("checkbox", { name: `Start at 0:${String(at).padStart(2, "0")}` }).check();
  const link = await dialog.getByLabel("Link").inputValue();
  expect(link).toMatch(new RegExp(`/content/${item.id}\\?t=${at}$`));
  await expect(dialog.getByLabel("Embed")).toHaveValue(new RegExp(`<iframe src="[^"]+/embed/${item.id}"`));
  // On a phone the dialog fits the screen: nothing runs off its side.
  await page.setViewportSize({ width: 390, height: 844 });
  const box = (await dialog.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  await expect(dialog.getByRole("button", { name: "Copy embed code" })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBe(0);
  // By keyboard: Escape closes the dialog.
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  // Played a moment ago, the item shows no pre-roll again (docs/decisions/045), and it would ask "Resume from 0:05":
  // an explicit start time wins, and the content starts at the link's time.
  await page.goto(link);
  await expect(page.getByRole("button", { name: "Play" })).toBeVisible();
  await expect(page.getByRole("group", { name: "Where to start" })).toHaveCount(0);
  await page.getByRole("button", { name: "Play" }).click();
  await expect.poll(() => contentTime(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(at);
  expect(await contentTime(page)).toBeLessThan(at + 4);
  expect(said.filter((line) => line.includes("HydrateFallback"))).toEqual([]);
});

test("the embed code plays in another site's page without a session, and sends no playback event", async ({
  page,
  baseURL,
}) => {
  const item = await sunsetDrive(page);
  // The embed's own page says nothing in the console: no warning, no error (its host page's are not ours).
  const said = consoleOf(page, (url) => url.startsWith(baseURL!));
  const events: string[] = [];
  page.on("request", (r) => {
    if (/\/api\/(playback-events|events\/playback)/.test(r.url())) events.push(r.url());
  });
  const code = `<iframe src="${baseURL}/embed/${item.id}" width="640" height="360" frameborder="0" allow="autoplay; fullscreen; picture-in-picture" allowfullscreen title="Sunset Drive"></iframe>`;
  // Another site: a page of its own served from another origin (127.0.0.1 and another port: another site than
  // localhost). A real server, not a routed page: Chromium lets only a page from a local address frame a local one.
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><title>A blog</title><h1>My blog</h1>${code}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    await playsInAnotherSite(page, `http://127.0.0.1:${(server.address() as AddressInfo).port}/a-blog-post`, item.id);
  } finally {
    server.close();
  }
  expect(events).toEqual([]);
  expect(said).toEqual([]);
});

async function playsInAnotherSite(page: Page, elsewhere: string, id: string) {
  await page.goto(elsewhere);
  const frame = page.frameLocator("iframe");
  await expect(frame.getByRole("heading", { name: "Sunset Drive" })).toBeVisible();
  // The ads run as on the site.
  await frame.getByRole("region", { name: "Advertisement" }).getByRole("button", { name: "Skip Ad" }).click({
    timeout: 15_000,
  });
  const video = frame
    .getByRole("region", { name: /player: Sunset Drive/ })
    .locator("video")
    .first();
  await expect
    .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 })
    .toBeGreaterThan(1);
  const watch = frame.getByRole("link", { name: "Watch on Reelpay" });
  await expect(watch).toHaveAttribute("target", "_blank");
  await expect(watch).toHaveAttribute("href", new RegExp(`/content/${id}(\\?t=\\d+)?$`));
  // The frame's document is named after the item, as a tab of it would be.
  const embedded = page.frames().find((f) => f.url().includes(`/embed/${id}`));
  expect(await embedded?.title()).toBe("Sunset Drive | Reelpay");
}

/** The console's warnings and errors from the pages `ours` picks by their address, as they come. */
function consoleOf(page: Page, ours: (url: string) => boolean): string[] {
  const said: string[] = [];
  page.on("console", (message) => {
    if (!["warning", "error"].includes(message.type())) return;
    if (ours(message.location().url)) said.push(`${message.type()}: ${message.text()}`);
  });
  return said;
}

test("the item's page head previews with its title and picture", async ({ page, request }) => {
  const item = await sunsetDrive(page);
  const res = await request.get(`/content/${item.id}?utm_source=chat`, { headers: { accept: "text/html" } });
  expect(res.status()).toBe(200);
  const html = await res.text();
  expect(html).toContain('<meta property="og:title" content="Sunset Drive">');
  expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+">/);
  expect(html).toContain("<title>Sunset Drive | Reelpay</title>");
  expect(html).toContain(`<link rel="canonical" href="${new URL(res.url()).origin}/content/${item.id}">`);
  expect(res.headers()["x-frame-options"]).toBe("DENY");
  const embed = await request.get(`/embed/${item.id}`, { headers: { accept: "text/html" } });
  expect(embed.headers()["x-frame-options"]).toBeUndefined();
  expect(embed.headers()["content-security-policy"]).toContain("frame-ancestors *");
});
