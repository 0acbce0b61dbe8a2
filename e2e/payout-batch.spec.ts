import { readFileSync } from "node:fs";
import { expect, type Locator, type Page, test } from "@playwright/test";
import { addManualEarning } from "./admin-steps";
import { searchGallery } from "./gallery-search";
import { freshEmail, signInAs, signOut, skipPreroll } from "./sign-in";

// Payouts go out in batches (docs/decisions/066): a member with $30.004 available and $0.003 held asks for
// $30.00 by PayPal; the admin ticks the request, sends it in a batch, downloads PayPal's file and records the
// batch paid. The member's wallet then shows the payout, and each card's lines add up to it as displayed.

/** "$30.00" → 30000, "−$30.00" → −30000: thousandths of a dollar, so the sums are exact. */
const mills = (shown: string) => Math.round(Number(shown.replace("−", "-").replace(/[$,]/g, "")) * 1000);

/** The figure of a card's line, as shown. */
const lineValue = (card: Locator, label: string) =>
  card.locator("dl > div", { has: card.page().locator("dt", { hasText: new RegExp(`^${label}$`) }) }).locator("dd");

/** Every list of lines in a card adds up to the card's amount, as displayed. */
async function expectLinesAddUp(card: Locator, name: string) {
  const shown = (await card.locator("p").first().textContent())!;
  const lists = await card
    .locator("dl")
    .evaluateAll((dls) =>
      dls.map((dl) =>
        Array.from(dl.querySelectorAll("dt")).map((dt) => [dt.textContent, dt.nextElementSibling?.textContent ?? ""]),
      ),
    );
  expect(lists.length, `${name} has lines`).toBeGreaterThan(0);
  for (const lines of lists) {
    const sum = lines.reduce((total, [, value]) => total + mills(value!), 0);
    expect(sum, `${name}: ${JSON.stringify(lines)} add up to ${shown}`).toBe(mills(shown));
  }
}

/** Nothing on the page is wider than the window: long values wrap (or scroll inside their table). */
async function expectNoSidewaysScroll(page: Page) {
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
}

/** One CSV line's cells (RFC 4180: a quoted cell may hold commas and doubled quotes). */
function csvCells(line: string): string[] {
  return [...line.matchAll(/(?:^|,)(?:"((?:[^"]|"")*)"|([^,]*))/g)].map((m) =>
    m[1] !== undefined ? m[1].replace(/""/g, '"') : m[2]!,
  );
}

async function screenshots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectNoSidewaysScroll(page);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

test("a member's $30.00 request goes out in a PayPal batch, the admin records it paid, and the wallet adds up", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const member = freshEmail("batch");
  const run = Date.now().toString(36);
  // An address as long as an email can be (254 characters): it must wrap everywhere it shows.
  const local = `payee-${run}-`.padEnd(64, "x");
  const address = `${local}@${"a".repeat(63)}.${"b".repeat(63)}.${"c".repeat(49)}.example.com`;
  expect(address).toHaveLength(254);

  // $0.003 held: the member watches one of the seed's clips to the end (a view reward waits out the hold).
  await signInAs(page, member);
  await searchGallery(page, "Retrowave City");
  await page.getByRole("link", { name: "Retrowave City" }).first().click();
  await skipPreroll(page);
  const video = page.getByRole("region", { name: "Video player: Retrowave City" }).locator("video").first();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.ended), { timeout: 30_000 }).toBe(true);
  await Promise.all([
    page.waitForResponse((r) => r.url().endsWith("/api/earnings/calculate") && r.ok()),
    page.goto("/"),
  ]);
  await page.goto("/wallet");
  await expect(lineValue(page.getByRole("region", { name: "Viewer Earnings" }), "Pending")).toHaveText("$0.003");
  await signOut(page);

  // $30.004 available: an admin's manual earning (available at once).
  await signInAs(page, "admin@example.com");
  await addManualEarning(page, member, "30.004", "Batch journey");
  await signOut(page);

  // The member sets a PayPal address and asks for the whole cents available: $30.00.
  await signInAs(page, member);
  await page.goto("/wallet");
  const total = page.getByRole("region", { name: "Total Balance" });
  await expect(lineValue(total, "Available")).toHaveText("$30.004");
  await expect(lineValue(total, "Pending")).toHaveText("$0.003");
  const card = page.getByRole("region", { name: "Request payout" });
  const where = card.getByRole("form", { name: "Payout address" });
  await where.getByLabel("Payout method").selectOption("PayPal");
  await where.getByLabel("PayPal email").fill(address);
  await where.getByRole("button", { name: "Save payout address" }).click();
  const ask = card.getByRole("form", { name: "Payout request" });
  await expect(ask.getByLabel("Amount (USD)")).toHaveValue("30.00");
  await ask.getByRole("button", { name: "Request payout" }).click();
  await expect(card).toContainText("$30.00 by PayPal");
  await signOut(page);

  // The admin ticks it, sees what the batch sends, and sends it.
  await signInAs(page, "admin@example.com");
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Payments", exact: true }).click();
  const requests = page.getByRole("region", { name: "Payout requests" });
  const open = requests.getByRole("table", { name: "Open payout requests" });
  await expect(open.getByRole("row").filter({ hasText: member })).toContainText("$30.00PayPal");
  await open.getByRole("checkbox", { name: `Select payout to ${member}` }).check();
  await expect(requests).toContainText("1 request · $30.00 total");
  await requests.getByRole("button", { name: "Send in a batch" }).click();
  const sent = requests.getByRole("status");
  await expect(sent).toContainText(/Batch \d+ sent: 1 request · \$30\.00 total/);
  const batch = Number(/Batch (\d+) sent/.exec((await sent.textContent())!)![1]);
  await expect(
    requests
      .getByRole("table", { name: "Payout requests sent in batches" })
      .getByRole("row")
      .filter({ hasText: member }),
  ).toContainText(`Sent in batch ${batch}`);

  // PayPal's file: one line, no header — recipient, amount, currency, the request id, the note, the wallet.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    sent.getByRole("link", { name: "Download PayPal file" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`reelpay-payout-batch-${batch}.csv`);
  const csv = readFileSync((await download.path())!, "utf8");
  const inBatch = (await (await page.request.get("/api/admin/payout-requests?status=sent")).json()) as {
    id: string;
    user_email: string;
    batch_id: number;
  }[];
  const request = inBatch.find((r) => r.user_email === member)!;
  expect(request.batch_id).toBe(batch);
  const lines = csv.split("\r\n");
  expect(lines, csv).toHaveLength(2);
  expect(lines[1]).toBe("");
  const [recipient, amount, currency, itemId, note, wallet, ...rest] = csvCells(lines[0]!);
  expect({ recipient, amount, currency, itemId, wallet, rest }).toEqual({
    recipient: address,
    amount: "30.00",
    currency: "USD",
    itemId: request.id,
    wallet: "PAYPAL",
    rest: [],
  });
  expect(note).toMatch(new RegExp(`^Reelpay payout\\b.*\\bbatch ${batch}\\b`));
  await screenshots(page, "admin-batch-sent");

  // The batch's result: nothing returned, so the request is paid.
  const batches = page.getByRole("region", { name: "Payout batches" });
  const row = batches
    .getByRole("table", { name: "Payout batches" })
    .getByRole("row")
    .filter({ hasText: `Batch ${batch}` });
  await expect(row).toContainText("$30.00");
  await expect(row).toContainText("Sent");
  await row.getByRole("button", { name: "Record result" }).click();
  const result = page.getByRole("dialog", { name: `Record result of batch ${batch}` });
  await expect(result.getByRole("listitem")).toHaveCount(1);
  await expect(result.getByRole("listitem")).toContainText(address);
  await expect(result).toContainText("1 paid · $30.00; 0 returned · $0.00");
  await result.getByLabel("PayPal batch reference (optional)").fill(`PPB-${run}`);
  await page.setViewportSize({ width: 390, height: 900 });
  await page.screenshot({ path: test.info().outputPath("admin-record-result-390.png") });
  await page.setViewportSize({ width: 1280, height: 720 });
  await result.getByRole("button", { name: "Record result" }).click();
  await expect(result).toBeHidden();
  await expect(batches.getByRole("status")).toHaveText(`Batch ${batch}. Recorded: 1 paid ($30.00), 0 returned ($0.00)`);
  await expect(row).toContainText("Recorded");
  await expect(row.getByRole("link")).toHaveCount(0);
  // Its file is no longer offered anywhere: uploading it again would pay twice.
  await expect(sent).toBeHidden();
  const payment = page
    .getByRole("table", { name: "Payments" })
    .getByRole("row")
    .filter({ hasText: `PPB-${run}` });
  await expect(payment).toContainText("Settles a payout request");
  await expect(payment.getByRole("button")).toHaveText(["Correct"]);
  await screenshots(page, "admin-batch-recorded");
  await signOut(page);

  // The member's wallet: $30.00 paid out, $0.007 left ($0.004 available, $0.003 held), every card adding up.
  await signInAs(page, member);
  await page.goto("/wallet");
  await expect(lineValue(total, "Paid out")).toHaveText("−$30.00");
  await expect(total.locator("p").first()).toHaveText("$0.007");
  await expect(lineValue(total, "Available")).toHaveText("$0.004");
  await expect(lineValue(total, "Pending")).toHaveText("$0.003");
  const creator = page.getByRole("region", { name: "Creator Earnings" });
  await expect(creator.locator("p").first()).toHaveText("$0.004");
  for (const name of ["Total Balance", "Viewer Earnings", "Creator Earnings"])
    await expectLinesAddUp(page.getByRole("region", { name }), name);
  await screenshots(page, "member-wallet-paid");
});
