import { expect, type Page } from "@playwright/test";

/** Signs in through the header's Sign In button and the local sign-in page, as a person would. */
export async function signInAs(page: Page, email: string) {
  await page.goto("/");
  await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/auth\/dev\?state=/);
  await page.getByRole("button", { name: email, exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
}
