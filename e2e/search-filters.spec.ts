import { expect, test, type Page } from "@playwright/test";
import { searchGallery } from "./gallery-search";

// Sort and filters of search (docs/decisions/100): search, sort by most viewed, filter by length, share the
// address, reload: the same results, asked of the API with the same sort and filters.

const cardTitles = (page: Page) =>
  page.getByRole("region", { name: "Discover Content" }).getByRole("heading", { level: 3 }).allTextContents();
const sideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
const apiAsked = (page: Page, want: Record<string, string>) =>
  page.waitForRequest((req) => {
    const url = new URL(req.url());
    return url.pathname === "/api/content" && Object.entries(want).every(([k, v]) => url.searchParams.get(k) === v);
  });

test("search, sort by most viewed, filter by length, share the address, reload: the same results", async ({
  page,
  browser,
}) => {
  await page.goto("/");
  const region = await searchGallery(page, "travel");
  await expect(region.getByRole("heading", { name: "Sunset Drive" })).toBeVisible();
  const sort = page.getByRole("combobox", { name: "Sort" });
  await expect(sort).toHaveValue("relevance");

  const sorted = apiAsked(page, { search: "travel", sort: "views" });
  await sort.selectOption({ label: "Most viewed" });
  await sorted;
  await expect(page).toHaveURL(/\?q=travel&sort=views$/);

  const filtered = apiAsked(page, { search: "travel", sort: "views", length: "short" });
  await page.getByRole("combobox", { name: "Length" }).selectOption({ label: "Under 4 minutes" });
  await filtered;
  await expect(page).toHaveURL(/\?q=travel&sort=views&length=short$/);
  await expect(region.getByRole("heading", { name: "Sunset Drive" })).toBeVisible();
  const results = await cardTitles(page);
  expect(results).toContain("Kyoto Night Market");
  expect(results).not.toContain("Rain on the Tent");

  // The seeded items are all short: over 20 minutes matches none, and the empty list says what to loosen.
  await page.getByRole("combobox", { name: "Length" }).selectOption({ label: "Over 20 minutes" });
  await expect(page.getByText("Nothing matches these filters")).toBeVisible();
  await expect(page.getByText("Try loosening Length (Over 20 minutes), or Clear filters.")).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\?q=travel&sort=views&length=short$/);
  await expect(region.getByRole("heading", { name: "Sunset Drive" })).toBeVisible();

  // A shared address, opened by someone else, and a reload: the same view.
  const shared = page.url();
  const other = await (await browser.newContext()).newPage();
  const asked = apiAsked(other, { search: "travel", sort: "views", length: "short" });
  await other.goto(shared);
  await asked;
  await expect(other.getByRole("combobox", { name: "Sort" })).toHaveValue("views");
  await expect(other.getByRole("combobox", { name: "Length" })).toHaveValue("short");
  await expect(other.getByRole("heading", { name: "Sunset Drive" })).toBeVisible();
  expect([...(await cardTitles(other))].sort()).toEqual([...results].sort());
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Sort" })).toHaveValue("views");
  await expect(region.getByRole("heading", { name: "Sunset Drive" })).toBeVisible();
  expect([...(await cardTitles(page))].sort()).toEqual([...results].sort());

  // Clear filters keeps the search and its sort; by keyboard, and at a phone's width nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await sideways(page)).toBe(0);
  await page.getByRole("combobox", { name: "Upload date" }).focus();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Clear filters" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\?q=travel&sort=views$/);
});
