import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./axe";
import { searchGallery } from "./gallery-search";
import { freshEmail, signInAs } from "./sign-in";

// Playlists (docs/decisions/090): a member makes a playlist from a card's Save, adds a second item from another
// card, reorders by keyboard, and plays the list through: Up Next offers the list's next item and the player
// says "n of N". The seeded ads play before and after each item, as for everyone.

/** A card's Save dialog, from a search for `title`. */
async function openSave(page: Page, title: string) {
  const gallery = await searchGallery(page, title);
  await gallery
    .getByRole("button", { name: `Save to playlist: ${title}` })
    .first()
    .click();
  return page.getByRole("dialog", { name: "Save to…" });
}

/** Skips the ad now showing (its Skip button comes after 5 s). */
const skipAd = (page: Page) =>
  page
    .getByRole("region", { name: "Advertisement" })
    .getByRole("button", { name: "Skip Ad" })
    .click({ timeout: 20_000 });

test("a member makes a playlist from cards, reorders it by keyboard and plays it through with Up Next", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signInAs(page, freshEmail("playlist"));
  const title = `Road trip ${Date.now().toString(36)} <b>🚗</b>`;

  let save = await openSave(page, "Retrowave City");
  await save.getByRole("button", { name: "New playlist" }).click();
  await save.getByLabel("Title").fill(title);
  await save.getByRole("button", { name: "Create and save" }).click();
  await expect(save.getByRole("checkbox", { name: new RegExp(title.slice(0, 20)) })).toBeChecked();
  await save.getByRole("button", { name: "Done" }).click();

  save = await openSave(page, "Forest Morning Walk");
  await save.getByRole("checkbox", { name: new RegExp(title.slice(0, 20)) }).check();
  await save.getByRole("button", { name: "Done" }).click();

  await page.goto("/profile");
  await page.getByRole("tab", { name: "Playlists" }).click();
  await page.getByRole("link", { name: title }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  const items = page.getByRole("list", { name: "Playlist items" }).getByRole("listitem");
  await expect(items.nth(0)).toContainText("Retrowave City");

  // Alt+↓ on the first item moves it down; the order is the server's after a reload too.
  await page.getByRole("button", { name: "Move down: Retrowave City" }).focus();
  await page.keyboard.press("Alt+ArrowDown");
  await expect(items.nth(0)).toContainText("Forest Morning Walk");
  await expect(page.getByRole("button", { name: "Move up: Retrowave City" })).toBeFocused();
  await page.reload();
  await expect(items.nth(0)).toContainText("Forest Morning Walk");
  await expect(items.nth(1)).toContainText("Retrowave City");

  await expectAccessible(page, "the playlist page");
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByRole("link", { name: /Play all/ }).click();
  await expect(page.getByRole("heading", { name: "Forest Morning Walk", level: 1 })).toBeVisible();
  const playlistBar = page.getByRole("navigation", { name: "Playlist" });
  await expect(playlistBar).toContainText("1 of 2");
  await expectAccessible(page, "the content page playing a list");

  await skipAd(page);
  // The item plays to its end, then the post-roll, then Up Next with the list's next item.
  await skipAd(page);
  const upNext = page.getByRole("dialog", { name: /Up Next/ });
  await expect(upNext).toBeVisible({ timeout: 20_000 });
  await expect(upNext).toContainText("From");
  await upNext.getByRole("link", { name: /Retrowave City/ }).click();

  await expect(page.getByRole("heading", { name: "Retrowave City", level: 1 })).toBeVisible();
  await expect(page).toHaveURL(/\?list=/);
  await expect(page.getByRole("navigation", { name: "Playlist" })).toContainText("2 of 2");
});
