import { expect, test } from "@playwright/test";
import { freshEmail, signInAs, signOut, skipPreroll } from "./sign-in";
import { CONTENT_PAGE } from "./urls";

// The creator studio (docs/decisions/048): a view reaches the item's Stats, from My Content.
test("a viewer opens a shared link and watches to the end; the creator's Stats show the view, where it stopped and how it came", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const creator = freshEmail("studio");
  await signInAs(page, creator);
  await page.goto("/upload");
  await page.getByLabel(/Media file/).setInputFiles("e2e/fixtures/clip-6s.mp4");
  await page.getByLabel("Title").fill("Studio clip");
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page).toHaveURL(CONTENT_PAGE, { timeout: 20_000 });
  const clipUrl = page.url();
  await signOut(page);

  // Opened from its address (a shared link), watched to the end.
  await signInAs(page, freshEmail("viewer"));
  await page.goto(clipUrl);
  await skipPreroll(page);
  await expect
    .poll(() => page.evaluate(() => document.querySelector("video")?.ended ?? false), { timeout: 15_000 })
    .toBe(true);
  await signOut(page);

  await signInAs(page, creator);
  await page.goto("/profile");
  await page.getByRole("tab", { name: "My Content" }).click();
  await page.getByRole("link", { name: "Stats for Studio clip" }).click();
  await expect(page.getByRole("heading", { name: "Stats" })).toBeVisible();
  const figure = (label: string) => page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("+ dd");
  await expect(figure("Views")).toHaveText("1");
  await expect(figure("Qualified views")).toHaveText("1");
  await expect(page.getByText(/^From all 1 view so far\. 100 % of viewers reached 80 %/)).toBeVisible();
  await expect(page.getByRole("img", { name: "Viewers still watching at each point of the item" })).toBeVisible();
  await expect(
    page.getByRole("list", { name: "Sources" }).getByRole("listitem").filter({ hasText: "Shared link or direct" }),
  ).toContainText("1 · 100 %");
});
