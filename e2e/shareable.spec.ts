import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signInAs, skipPreroll } from "./sign-in";

// Shareable and the player's keys (docs/decisions/047): search in the address, the related list's place at each width,
// and 2× playback that still counts and shows up in the item's view count.

const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search content or creators" });
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

test("a search lives in the address: Back and Forward restore it, a reload opens the same results", async ({
  page,
}) => {
  await page.goto("/");
  await searchBox(page).fill("sunset");
  await expect(page).toHaveURL(/\?q=sunset$/);
  await page.getByRole("group", { name: "Content type" }).getByRole("button", { name: "Videos" }).click();
  await expect(page).toHaveURL(/\?q=sunset&type=video$/);
  await page.goBack();
  await expect(page.getByRole("button", { name: "All", exact: true })).toHaveAttribute("aria-pressed", "true");
  await expect(searchBox(page)).toHaveValue("sunset");
  await page.goBack();
  await expect(searchBox(page)).toHaveValue("");
  await page.goForward();
  await page.goForward();
  await page.reload();
  await expect(searchBox(page)).toHaveValue("sunset");
  await expect(page.getByText("Results for “sunset”")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Sunset Drive" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Rain on the Tent" })).toHaveCount(0);
});

test("the related list stands beside the player from 1024 px and under the details below it", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAs(page, "viewer@example.com");
  await page.goto("/?q=sunset");
  await page
    .getByRole("region", { name: "Discover Content" })
    .getByRole("heading", { name: "Sunset Drive" })
    .getByRole("link")
    .first()
    .click();
  const player = page.getByRole("region", { name: /player: Sunset Drive/ });
  const related = page.getByRole("complementary", { name: "Related" });
  await expect(related.getByRole("link").first()).toBeVisible();
  for (const [width, beside] of [
    [1280, true],
    [1024, true],
    [1023, false],
    [390, false],
  ] as const) {
    await page.setViewportSize({ width, height: 844 });
    const p = (await player.boundingBox())!;
    const r = (await related.boundingBox())!;
    expect(r.x >= p.x + p.width, `related beside the player at ${width}`).toBe(beside);
    if (!beside) expect(r.y, `related below the player at ${width}`).toBeGreaterThan(p.y + p.height);
    expect(await sideways(page), `no sideways scroll at ${width}`).toBe(0);
  }
  // Back to gallery returns to the search it came from.
  await page.getByRole("link", { name: "Back to gallery" }).click();
  await expect(page).toHaveURL(/\?q=sunset$/);
});

test("played at 2× a view still counts, qualifies and adds one to the item's views", async ({ page }) => {
  await signInAs(page, freshEmail("speed"));
  await page.goto("/?q=sunset");
  await page
    .getByRole("region", { name: "Discover Content" })
    .getByRole("heading", { name: "Sunset Drive" })
    .getByRole("link")
    .first()
    .click();
  const viewsBefore = Number(
    (await page.getByText("Views").locator("xpath=following-sibling::dd").textContent())!.replace(/,/g, ""),
  );
  await skipPreroll(page);
  await page.getByRole("combobox", { name: "Playback speed" }).selectOption("2");
  await expect(page.getByText(/^Qualified for \$0\.003/)).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(/too fast|faster than it plays/)).toHaveCount(0);
  await page.reload();
  await expect(page.getByText("Views").locator("xpath=following-sibling::dd")).toHaveText(
    (viewsBefore + 1).toLocaleString("en-US"),
  );
});
