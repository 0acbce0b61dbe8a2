import { expect, type Locator, type Page, test } from "@playwright/test";
import { addManualEarning } from "./admin-steps";
import { freshEmail, signInAs, signOut } from "./sign-in";

// A member asks for their money and an admin sends it (docs/decisions/036, 066): the member first says where
// payouts go (the payout destination), then asks for an amount only; the request takes the amount out of the
// balance as "Payout in progress", the admin records the payment against it, and it shows as "Paid out". The
// wallet's figures add up, as displayed, at each step. A bank transfer is paid one by one (PayPal and Venmo go
// out in batches: e2e/payout-batch.spec.ts).

/** A card's lines as [label, shown value], read from the screen. */
const linesOf = (card: Locator) =>
  card
    .locator("dl > div")
    .evaluateAll((rows) =>
      rows.map((row) => [row.querySelector("dt")!.textContent, row.querySelector("dd")!.textContent]),
    );

/** "$30.00" → 30000, "−$25.00" → −25000 (thousandths of a dollar, so the sum is exact). */
const mills = (shown: string) => Math.round(Number(shown.replace("−", "-").replace(/[$,]/g, "")) * 1000);

/** Every balance card's lines above its Available/Pending split add up to the card's amount, as displayed. */
async function expectCardsAddUp(page: Page) {
  for (const name of ["Total Balance", "Viewer Earnings", "Creator Earnings"]) {
    const card = page.getByRole("region", { name });
    const shown = (await card.locator("p").first().textContent())!;
    const lines = await linesOf(card);
    const splitAt = lines.findIndex(([label]) => label === "Available" || label === "Pending");
    expect(splitAt, `${name} has an Available/Pending split`).toBeGreaterThan(0);
    const terms = lines.slice(0, splitAt).map(([, value]) => mills(value!));
    expect(
      terms.reduce((a, b) => a + b, 0),
      `${name}: ${JSON.stringify(lines)} add up to ${shown}`,
    ).toBe(mills(shown));
    const split = lines.slice(splitAt).map(([, value]) => mills(value!));
    expect(
      split.reduce((a, b) => a + b, 0),
      `${name}: available + pending = ${shown}`,
    ).toBe(mills(shown));
  }
}

test("a member with $30 available sets where to be paid, asks for $25, the admin records it, and the wallet shows it paid", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const member = freshEmail("payee");
  // A payout address belongs to one member for good (docs/decisions/066): a new one each run.
  const bank = `Acme Bank, account ${Date.now().toString(36)}-${test.info().workerIndex}`;
  await signInAs(page, member);
  await signOut(page);

  // An admin credits $30 (manual credits are available at once: docs/architecture.md §3).
  await signInAs(page, "admin@example.com");
  await addManualEarning(page, member, "30");
  await signOut(page);

  // The member has $30 available and nowhere to send it: the card asks where first, and offers no amount yet.
  await signInAs(page, member);
  await page.goto("/wallet");
  const request = page.getByRole("region", { name: "Request payout" });
  const where = request.getByRole("form", { name: "Payout address" });
  await expect(where).toContainText(
    "Where should we send your payouts? Your first payout address can be used at once.",
  );
  await expect(request.getByLabel("Amount (USD)")).toHaveCount(0);
  await expect(where.getByLabel("Payout method")).toHaveValue("PayPal");
  await where.getByLabel("PayPal email").fill("not-an-email");
  await where.getByRole("button", { name: "Save payout address" }).click();
  await expect(where.getByRole("alert")).toHaveText("Enter the email address of your PayPal account");
  await where.getByLabel("Payout method").selectOption("Bank Transfer");
  await where.getByLabel("Where to pay you").fill(bank);
  await where.getByRole("button", { name: "Save payout address" }).click();
  await expect(request.getByText(`Paid to: Bank Transfer · ${bank}`)).toBeVisible();
  await expect(request.getByRole("button", { name: "Change" })).toBeVisible();
  // The first address is usable at once: no wait.
  await expect(request).not.toContainText("Usable from");

  // Then only an amount: $25 of the $30, to that address.
  const amount = request.getByLabel("Amount (USD)");
  await expect(amount).toHaveValue("30.00");
  await expect(request.getByLabel("Payout method")).toHaveCount(0);
  await amount.fill("10");
  await request.getByRole("button", { name: "Request payout" }).click();
  await expect(request.getByRole("alert")).toHaveText("Enter at least $25.00");
  await amount.fill("25");
  await request.getByRole("button", { name: "Request payout" }).click();
  await expect(request).toContainText(`for $25.00 by Bank Transfer to ${bank}`);
  await expect(request.getByRole("button", { name: "Cancel request" })).toBeVisible();
  const total = page.getByRole("region", { name: "Total Balance" });
  await expect(total.getByText("Payout of $25.00 requested")).toBeVisible();
  // One line for the money on its way; the old "Payout pending" and "Payout requested" lines are gone.
  await expect
    .poll(() => linesOf(total))
    .toEqual([
      ["Total earned", "$30.00"],
      ["Paid out", "$0.00"],
      ["Payout in progress", "−$25.00"],
      ["Available", "$5.00"],
      ["Pending", "$0.00"],
    ]);
  await expect(total.locator("p").first()).toHaveText("$5.00");
  await expectCardsAddUp(page);
  await signOut(page);

  // The admin finds it first in Payments and records the payment against it.
  await signInAs(page, "admin@example.com");
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Payments", exact: true }).click();
  const open = page.getByRole("table", { name: "Open payout requests" });
  const row = open.getByRole("row").filter({ hasText: member });
  await expect(row).toContainText("$25.00");
  await expect(row).toContainText("Bank Transfer");
  await expect(row).toContainText(bank);
  await open.getByRole("button", { name: `Pay ${member}` }).click();
  const pay = page.getByRole("dialog", { name: "Record payout" });
  await expect(pay).toContainText(`$25.00 by Bank Transfer to ${bank}`);
  await pay.getByLabel("Payment reference (optional)").fill("BANK-PAYOUT-1");
  await pay.getByRole("button", { name: "Record payment" }).click();
  await expect(pay).toBeHidden();
  await expect(
    page.getByRole("table", { name: "Payments" }).getByRole("row").filter({ hasText: member }),
  ).toContainText("BANK-PAYOUT-1");
  await signOut(page);

  // The member's wallet: paid, $5 left, nothing in progress, and every card's lines add up as displayed.
  await signInAs(page, member);
  await page.goto("/wallet");
  await expect(request).toContainText("Your payout request of $25.00 was paid.");
  await expect(request).toContainText("You can request a payout once $25.00 is available (you have $5.00).");
  await expect(request.getByText(`Paid to: Bank Transfer · ${bank}`)).toBeVisible();
  await expect(request.getByRole("button", { name: "Cancel request" })).toHaveCount(0);
  await expect
    .poll(() => linesOf(total))
    .toEqual([
      ["Total earned", "$30.00"],
      ["Paid out", "−$25.00"],
      ["Available", "$5.00"],
      ["Pending", "$0.00"],
    ]);
  await expect(total.locator("p").first()).toHaveText("$5.00");
  await expect(total).not.toContainText("requested");
  await expectCardsAddUp(page);
  await page.getByRole("tab", { name: "Payment History" }).click();
  const paid = page.getByRole("tabpanel").getByRole("row").filter({ hasText: "BANK-PAYOUT-1" });
  await expect(paid).toContainText("$25.00");
  await expect(paid).toContainText("Bank Transfer");
  await expect(paid).toContainText("Completed");
});
