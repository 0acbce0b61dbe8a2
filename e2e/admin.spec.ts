import { expect, test } from "@playwright/test";
import { addManualEarning } from "./admin-steps";
import { freshEmail, signInAs, signOut } from "./sign-in";

test("an admin records a manual earning, pays the user, and the user sees both", async ({ page }) => {
  // The member exists once they have signed in.
  const member = freshEmail("member");
  await signInAs(page, member);
  await signOut(page);

  await signInAs(page, "admin@example.com");
  await addManualEarning(page, member, "30", "Launch partner bonus");

  await page.getByRole("tab", { name: "Payments", exact: true }).click();
  await page.getByRole("button", { name: "Record Payment" }).click();
  const pay = page.getByRole("dialog", { name: "Record Payment" });
  await pay.getByRole("combobox", { name: "User" }).fill(member.slice(0, 16));
  await pay.getByRole("option", { name: new RegExp(member) }).click();
  await pay.getByLabel("Amount (USD)").fill("25");
  await pay.getByLabel("Payment Method").fill("PayPal");
  await pay.getByLabel("Reference (optional)").fill("PP-E2E-1");
  await pay.getByRole("button", { name: "Record Payment" }).click();
  await expect(page.getByRole("table", { name: "Payments" }).getByText("PP-E2E-1")).toBeVisible();
  // At 1280×800 every action of the row is on screen, none cut off behind a sideways scroll.
  await page.setViewportSize({ width: 1280, height: 800 });
  for (const action of ["Edit", "Delete", "Correct"]) {
    const button = page.getByRole("button", { name: `${action} payment to ${member}` });
    await expect(button).toBeInViewport({ ratio: 1 });
  }
  const table = page.getByRole("table", { name: "Payments" });
  expect(await table.evaluate((t) => t.parentElement!.scrollWidth <= t.parentElement!.clientWidth)).toBe(true);
  await signOut(page);

  // The member's wallet: $30 credited by the admin, $25 paid, $5 left; the payment in the history.
  await signInAs(page, member);
  await page.goto("/wallet");
  // The admin's credit is an adjustment, not content earnings (decision 066); the card's amount and its Available read $5.00.
  const creator = page.getByRole("region", { name: "Creator Earnings" });
  await expect(creator.getByText("$5.00", { exact: true })).toHaveCount(2);
  await expect(creator.getByText("Adjustments by Reelpay").first()).toBeVisible();
  await page.getByRole("tab", { name: "Payment History" }).click();
  const history = page.getByRole("tabpanel");
  await expect(history.getByText("$25.00")).toBeVisible();
  await expect(history.getByText("PayPal")).toBeVisible();
  await expect(history.getByText("PP-E2E-1")).toBeVisible();
});
