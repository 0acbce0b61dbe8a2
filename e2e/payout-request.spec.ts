import { expect, type Locator, type Page, test } from "@playwright/test";
import { addManualEarning } from "./admin-steps";
import { freshEmail, signInAs } from "./sign-in";

// A member asks for their money and an admin sends it (docs/decisions/036): the request reserves the amount,
// the admin records the payment against it, and the wallet's figures still add up, as displayed.

const signOut = (page: Page) => page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();

/** A card's lines as [label, shown value], read from the screen. */
const linesOf = (card: Locator) =>
  card.locator("dl > div").evaluateAll((rows) => rows.map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]));

/** "$30.00" → 30, "−$25.00" → −25 (cents, so the sum is exact). */
const cents = (shown: string) => Math.round(Number(shown.replace("−", "-").replace("$", "")) * 1000);

test("a member with $30 available asks for $25 by PayPal, the admin records it, and the wallet shows it paid", async ({ page }) => {
  test.setTimeout(90_000);
  const member = freshEmail("payee");
  await signInAs(page, member);
  await signOut(page);

  // An admin credits $30 (manual credits are available at once: docs/architecture.md §3).
  await signInAs(page, "admin@example.com");
  await addManualEarning(page, member, "30");
  await signOut(page);

  // The member sets PayPal and asks for $25 of the $30.
  await signInAs(page, member);
  await page.goto("/wallet");
  const request = page.getByRole("region", { name: "Request payout" });
  await expect(request.getByLabel("Amount (USD)")).toHaveValue("30.00");
  await request.getByLabel("Payout method").selectOption("PayPal");
  await request.getByLabel("PayPal email").fill("not-an-email");
  await request.getByLabel("Amount (USD)").fill("25");
  await request.getByRole("button", { name: "Request payout" }).click();
  await expect(request.getByRole("alert")).toHaveText("Enter the email address of your PayPal account");
  await request.getByLabel("PayPal email").fill("payee@paypal.example");
  await request.getByRole("button", { name: "Request payout" }).click();
  await expect(request).toContainText("for $25.00 by PayPal to payee@paypal.example");
  const total = page.getByRole("region", { name: "Total Balance" });
  await expect(total.getByText("Payout of $25.00 requested")).toBeVisible();
  expect(await linesOf(total)).toEqual([
    ["Total earned", "$30.00"],
    ["Paid out", "$0.00"],
    ["Payout pending", "$0.00"],
    ["Available", "$5.00"],
    ["Payout requested", "$25.00"],
    ["Pending", "$0.00"],
  ]);
  await signOut(page);

  // The admin finds it first in Payments and records the payment against it.
  await signInAs(page, "admin@example.com");
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Payments", exact: true }).click();
  const open = page.getByRole("table", { name: "Open payout requests" });
  await expect(open.getByRole("row").filter({ hasText: member })).toContainText("$25.00PayPalpayee@paypal.example");
  await open.getByRole("button", { name: `Pay ${member}` }).click();
  const pay = page.getByRole("dialog", { name: "Record payout" });
  await pay.getByLabel("Payment reference (optional)").fill("PP-PAYOUT-1");
  await pay.getByRole("button", { name: "Record payment" }).click();
  await expect(pay).toBeHidden();
  await expect(page.getByRole("table", { name: "Payments" }).getByText("PP-PAYOUT-1")).toBeVisible();
  await signOut(page);

  // The member's wallet: paid, $5 left, and every card's lines add up to its total as displayed.
  await signInAs(page, member);
  await page.goto("/wallet");
  await expect(request).toContainText("Your payout request of $25.00 was paid.");
  await expect(request).toContainText("You can request a payout once $25.00 is available (you have $5.00).");
  await expect(total.getByText("$5.00", { exact: true }).first()).toBeVisible();
  expect(await linesOf(total)).toEqual([
    ["Total earned", "$30.00"],
    ["Paid out", "−$25.00"],
    ["Payout pending", "$0.00"],
    ["Available", "$5.00"],
    ["Pending", "$0.00"],
  ]);
  for (const name of ["Total Balance", "Viewer Earnings", "Creator Earnings"]) {
    const card = page.getByRole("region", { name });
    const shown = (await card.locator("p").first().textContent())!;
    const lines = await linesOf(card);
    const splitAt = lines.findIndex(([label]) => label === "Available" || label === "Pending");
    const terms = lines.slice(0, splitAt).map(([, value]) => cents(value!));
    expect(terms.reduce((a, b) => a + b, 0), `${name}: ${JSON.stringify(lines)} add up to ${shown}`).toBe(cents(shown));
  }
  await page.getByRole("tab", { name: "Payment History" }).click();
  const row = page.getByRole("tabpanel").getByRole("row").filter({ hasText: "PP-PAYOUT-1" });
  await expect(row).toContainText("$25.00");
  await expect(row).toContainText("PayPal");
  await expect(row).toContainText("Completed");
});
