import { expect, type Page } from "@playwright/test";

/**
 * As the signed-in admin, credits `member` a manual earning through Admin → Manual Earnings → Add Earning,
 * as an admin would, and waits until the record is listed (manual credits are available at once).
 */
export async function addManualEarning(page: Page, member: string, amountUsd: string, description?: string) {
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Manual Earnings", exact: true }).click();
  await page.getByRole("button", { name: "Add Earning" }).click();
  const add = page.getByRole("dialog", { name: "Add Manual Earning" });
  await add.getByRole("combobox", { name: "User" }).fill(member.slice(0, 16));
  await add.getByRole("option", { name: new RegExp(member) }).click();
  await add.getByLabel("Amount (USD)").fill(amountUsd);
  if (description) await add.getByLabel("Description (optional)").fill(description);
  await add.getByRole("button", { name: "Add Earning" }).click();
  await expect(page.getByRole("table", { name: "Manual earning records" }).getByText(member)).toBeVisible();
}
