import { expect, type Page } from "@playwright/test";

/** Signs in through the header's Sign In button and the local sign-in page, as a person would. */
export async function signInAs(page: Page, email: string) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\/dev\?state=/);
  const demo = page.getByRole("button", { name: email, exact: true });
  if (await demo.count()) {
    await demo.click();
  } else {
    await page.getByLabel("Email").fill(email);
    await page.getByRole("button", { name: "Continue" }).click();
  }
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("banner").getByRole("button", { name: "Sign Out" })).toBeVisible();
}

/** A fresh account per journey, so journeys never depend on each other's data. */
export const freshEmail = (label: string) => `e2e-${label}-${Date.now().toString(36)}@example.com`;

/** The seed turns pre-roll ads on: wait for the ad's Skip button (after 5 s) and skip to the content. */
export async function skipPreroll(page: Page) {
  await page.getByRole("region", { name: "Advertisement" }).getByRole("button", { name: "Skip Ad" }).click({ timeout: 15_000 });
}
