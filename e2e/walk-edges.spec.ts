import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signInAs } from "./sign-in";

// The last rough edges of the walk (docs/decisions/103): a bulk batch that says what happened to each file, My
// Content's thumbnail actions on a touch screen, an edit of an item deleted in another tab, usernames in any script.

/** Fails the journey on any browser alert: every failure is said in the page. */
const noBrowserAlerts = (page: Page) =>
  page.on("dialog", (dialog) => {
    if (dialog.type() === "alert") throw new Error(`browser alert: ${dialog.message()}`);
    void dialog.accept();
  });

/** Uploads the files through Bulk Upload and waits for the batch to end. */
async function bulkUpload(page: Page, files: string[]) {
  await page.goto("/upload/bulk");
  await page.getByLabel("Choose video and audio files").setInputFiles(files);
  await page.getByRole("button", { name: "Upload All" }).click();
  await expect(page.getByRole("button", { name: "All Complete!" })).toBeVisible({ timeout: 30_000 });
}

test("a refused fake file's error goes when the batch starts, and the batch ends saying what happened", async ({
  page,
}) => {
  noBrowserAlerts(page);
  await signInAs(page, freshEmail("edges-bulk"));
  await page.goto("/upload/bulk");
  await page
    .getByLabel("Choose video and audio files")
    .setInputFiles(["e2e/fixtures/tiny.mp3", "e2e/fixtures/not-media.mp4", "e2e/fixtures/tiny.mp4"]);
  await expect(page.getByRole("alert")).toContainText("“not-media.mp4” does not contain MP4 video");
  await page.getByRole("button", { name: "Upload All" }).click();
  await expect(page.getByRole("button", { name: "All Complete!" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("2 uploaded", { exact: true })).toBeVisible();
  await expect(page.getByText(/not-media\.mp4/)).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test.describe("on a touch screen at 390 px", () => {
  test.use({ hasTouch: true, isMobile: true });

  test("My Content's thumbnail actions sit under the picture behind a 'Thumbnail' button, keyboard reachable", async ({
    page,
  }) => {
    noBrowserAlerts(page);
    // Signed in where Sign Out shows in the header, then a phone's width.
    await signInAs(page, freshEmail("edges-touch"));
    await page.setViewportSize({ width: 390, height: 844 });
    await bulkUpload(page, ["e2e/fixtures/tiny.mp4"]);
    await page.goto("/profile");
    await page.getByRole("tab", { name: "My Content" }).click();
    const item = page.getByRole("list", { name: "My content" }).getByRole("listitem").first();
    const toggle = item.getByRole("button", { name: /^Thumbnail of / });
    await expect(toggle).toBeVisible();
    await expect(item.getByRole("button", { name: /from the video$/ })).toHaveCount(0);
    await toggle.focus();
    await page.keyboard.press("Enter");
    await expect(toggle).toHaveAttribute("aria-expanded", "true");
    const generate = item.getByRole("button", { name: /from the video$/ });
    await expect(generate).toBeVisible();
    // Nothing covers the thumbnail: every action is below its bottom edge.
    const picture = (await item.locator(".aspect-video").first().boundingBox())!;
    for (const control of [toggle, generate, item.getByRole("button", { name: /^Choose a frame of / })]) {
      expect((await control.boundingBox())!.y).toBeGreaterThanOrEqual(picture.y + picture.height);
    }
    await page.keyboard.press("Tab");
    await expect(page.getByLabel(/^Upload a new thumbnail for /)).toBeFocused();
  });
});

test("saving an item deleted in another tab says so in the editor and the list drops it", async ({ page }) => {
  noBrowserAlerts(page);
  await signInAs(page, freshEmail("edges-gone"));
  await bulkUpload(page, ["e2e/fixtures/tiny.mp3"]);
  await page.goto("/profile");
  await page.getByRole("tab", { name: "My Content" }).click();
  await expect(page.getByText("1 item(s)")).toBeVisible();
  await page.getByRole("button", { name: "Edit" }).click();

  // The other tab: the same member deletes the item.
  const other = await page.context().newPage();
  const mine = (await (await other.request.get("/api/content/mine")).json()) as { items: { id: string }[] };
  const origin = new URL(test.info().project.use.baseURL!).origin;
  expect((await other.request.delete(`/api/content/${mine.items[0]!.id}`, { headers: { origin } })).status()).toBe(200);
  await other.close();

  await page.getByRole("button", { name: "Save" }).click();
  const form = page.getByRole("form", { name: /^Edit / });
  await expect(form.getByRole("alert")).toHaveText("This item was deleted. It is no longer in your content.");
  await form.getByRole("button", { name: "Close" }).click();
  await expect(page.getByText("0 item(s)")).toBeVisible();
  await expect(page.getByText("No content uploaded yet")).toBeVisible();
});

test("a username with accents is a username; a Latin name with a Cyrillic letter is refused", async ({ page }) => {
  await signInAs(page, freshEmail("edges-name"));
  await page.goto("/profile");
  const field = page.getByLabel("Username", { exact: true });
  await field.fill("\u0430dmin_x");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Username cannot mix Latin letters with Cyrillic or Greek ones")).toBeVisible();
  const name = `ávà_${Date.now().toString(36).slice(-6)}`;
  await field.fill(name);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Username updated successfully!")).toBeVisible();
  await expect(page.getByRole("banner")).toContainText(name);
});
