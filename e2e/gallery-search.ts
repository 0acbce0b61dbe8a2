import { expect, type Page } from "@playwright/test";

/**
 * Searches from the header's box and waits until the search is in the address and the page has stopped
 * scrolling. Until then the gallery still shows the newest items (often the very one searched for), and a
 * click lands while the results replace the cards and scroll smoothly to the top of the screen, so the card
 * under the pointer may be another one.
 */
export async function searchGallery(page: Page, text: string) {
  const box = page.getByRole("searchbox", { name: "Search content or creators" });
  await box.fill(text);
  await expect(box).toHaveValue(text);
  await expect(page).toHaveURL((url) => url.searchParams.get("q") === text.trim());
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        // Ten frames in a row at the same place: any smooth scroll has ended.
        let last = -1;
        let still = 0;
        const look = () => {
          if (window.scrollY === last) still += 1;
          else [last, still] = [window.scrollY, 0];
          if (still >= 10) resolve(true);
          else requestAnimationFrame(look);
        };
        look();
      }),
  );
  return page.getByRole("region", { name: "Discover Content" });
}
