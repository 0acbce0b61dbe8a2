import { expect, test, type Locator, type Page } from "@playwright/test";
import { freshEmail, signInAs } from "./sign-in";

// A phone's width (390 px): the header stays one row, every wallet tab is in view, and bulk rows are
// compact enough for several to show in the list's 60 % of the viewport.

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** Signs in at the desktop width (where Sign Out shows in the header), then turns into a phone. */
async function signInOnPhone(page: Page, email: string) {
  await signInAs(page, email);
  await page.setViewportSize({ width: 390, height: 844 });
}

test("the signed-in header is one row with its links behind Menu, and the search says a short placeholder", async ({ page }) => {
  await signInOnPhone(page, "viewer@example.com");
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  expect((await box(page.getByRole("banner"))).height).toBeLessThan(72);
  const search = page.getByRole("searchbox", { name: "Search content or creators" });
  await expect(search).toHaveAttribute("placeholder", "Search...");

  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Wallet" })).toBeVisible();
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Wallet" }).click();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");

  for (const tab of await page.getByRole("tab").all()) {
    const { x, width } = await box(tab);
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + width).toBeLessThanOrEqual(390);
  }
});

test("bulk rows are compact and a finished row has no thumbnail picker", async ({ page }) => {
  await signInOnPhone(page, freshEmail("phone-bulk"));
  await page.goto("/upload/bulk");
  await page.getByLabel("Choose video and audio files").setInputFiles(["e2e/fixtures/tiny.mp3", "e2e/fixtures/tiny.mp4", "e2e/fixtures/tiny.mp3"]);
  const rows = page.getByRole("list", { name: "Uploads" }).getByRole("listitem");
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) expect((await box(row)).height).toBeLessThanOrEqual(160);

  await page.getByRole("button", { name: "Upload All" }).click();
  await expect(page.getByRole("button", { name: "All Complete!" })).toBeVisible({ timeout: 30_000 });
  await expect(rows.first().getByLabel(/Thumbnail/)).toHaveCount(0);
});
