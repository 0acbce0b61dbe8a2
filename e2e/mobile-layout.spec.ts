import { expect, test, type Locator, type Page } from "@playwright/test";
import { freshEmail, signInAs } from "./sign-in";

// A phone's width (390 px): the header stays one row, every wallet tab is in view, and bulk rows are
// compact enough for several to show in the list's 60 % of the viewport.

const box = async (locator: Locator) => (await locator.boundingBox())!;

/** Signs in at the desktop width (where Sign Out shows in the header), then turns into a phone. */
async function signInOnPhone(page: Page, email: string) {
  await signInAs(page, email);
  await page.setViewportSize({ width: 390, height: 844 });
}

test("the signed-in header is one row with its links behind Menu, and the search says a short placeholder", async ({
  page,
}) => {
  await signInOnPhone(page, "viewer@example.com");
  await expect(page.getByRole("button", { name: "Menu" })).toBeVisible();
  expect((await box(page.getByRole("banner"))).height).toBeLessThan(72);
  const search = page.getByRole("searchbox", { name: "Search content or creators" });
  await expect(search).toHaveAttribute("placeholder", "Search...");
  // The whole of it shows: the text is narrower than the box's inside ("Searcl" once, docs/decisions/098).
  const fit = await search.evaluate((input: HTMLInputElement) => {
    const style = getComputedStyle(input);
    const context = document.createElement("canvas").getContext("2d")!;
    context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
    const room = input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    return { text: context.measureText(input.placeholder).width, room };
  });
  expect(fit.text).toBeLessThanOrEqual(fit.room);

  await page.getByRole("button", { name: "Menu" }).click();
  await expect(page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Wallet" })).toBeVisible();
  await page.getByRole("navigation", { name: "Account" }).getByRole("link", { name: "Wallet" }).click();
  await expect(page.getByRole("button", { name: "Menu" })).toHaveAttribute("aria-expanded", "false");

  for (const tab of await page.getByRole("tab").all()) {
    const { x, width } = await box(tab);
    expect(x).toBeGreaterThanOrEqual(0);
    expect(x + width).toBeLessThanOrEqual(390);
  }
});

test("bulk rows are compact and a finished row has no thumbnail picker", async ({ page }) => {
  await signInOnPhone(page, freshEmail("phone-bulk"));
  await page.goto("/upload/bulk");
  await page
    .getByLabel("Choose video and audio files")
    .setInputFiles(["e2e/fixtures/tiny.mp3", "e2e/fixtures/tiny.mp4", "e2e/fixtures/tiny.mp3"]);
  const rows = page.getByRole("list", { name: "Uploads" }).getByRole("listitem");
  await expect(rows).toHaveCount(3);
  for (const row of await rows.all()) expect((await box(row)).height).toBeLessThanOrEqual(160);

  await page.getByRole("button", { name: "Upload All" }).click();
  await expect(page.getByRole("button", { name: "All Complete!" })).toBeVisible({ timeout: 30_000 });
  await expect(rows.first().getByLabel(/Thumbnail/)).toHaveCount(0);
});

test("the twelve admin tabs are one scrolling row that keeps the selected tab in view", async ({ page }) => {
  await signInOnPhone(page, "admin@example.com");
  await page.goto("/admin");
  const list = page.getByRole("tablist", { name: "Admin sections" });
  const tabs = list.getByRole("tab");
  // The fades sit beside the list, over its edges.
  const fade = (edge: "start" | "end") => list.locator("xpath=..").locator(`:scope > [data-edge="${edge}"]`);
  await expect(tabs).toHaveCount(12);
  const firstTab = await box(tabs.first());
  expect((await box(list)).height).toBeLessThan(firstTab.height * 1.5);
  // More tabs to the right: the row says so with a fade and an arrow.
  await expect(fade("end")).toBeVisible();

  // The keyboard reaches every tab; each selected one scrolls into the row's view, and the page never widens.
  await tabs.first().focus();
  for (let i = 1; i < 12; i++) {
    await page.keyboard.press("ArrowRight");
    const selected = list.getByRole("tab", { selected: true });
    await expect(selected).toBeFocused();
    await expect
      .poll(async () => {
        const { x, width } = await box(selected);
        return x >= 0 && x + width <= 390;
      })
      .toBe(true);
  }
  await expect(tabs.last()).toHaveAttribute("aria-selected", "true");
  // The last tab, Data: its form fits the phone.
  await expect(page.getByRole("heading", { name: "Archive windows" })).toBeVisible();
  await expect(page.getByLabel("Keep views for (days)")).toBeVisible();
  await expect(fade("start")).toBeVisible();
  await expect(fade("end")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

  // Selected at a laptop's width, the tab is still in view once the window narrows.
  await page.setViewportSize({ width: 1280, height: 800 });
  await list.getByRole("tab", { name: "Moderation" }).click();
  await page.setViewportSize({ width: 390, height: 844 });
  await expect
    .poll(async () => {
      const { x, width } = await box(list.getByRole("tab", { name: "Moderation" }));
      return x >= 0 && x + width <= 390;
    })
    .toBe(true);
});

/** A call to the API from the page's own session, as the page would make it. */
async function api<T>(page: Page, method: "get" | "post" | "put", path: string, data?: unknown): Promise<T> {
  const response = await page.request[method](path, { headers: { Origin: new URL(page.url()).origin }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

/** Inside the screen's width, whole. */
async function expectOnScreen(locator: Locator, what: string) {
  await locator.scrollIntoViewIfNeeded();
  const { x, width } = await box(locator);
  expect(x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(x + width, `${what}: right edge`).toBeLessThanOrEqual(390);
}

test("payments at 390: a long reference keeps its row short, and Pay to, Pay and Reject are on the screen", async ({
  browser,
}) => {
  // docs/decisions/098: on a phone a payment or a request is a card of labelled lines, not a table to scroll.
  const stamp = Date.now().toString(36);
  const reference = `ref-${stamp}-${"W".repeat(200)}`.slice(0, 200);
  const email = freshEmail("phone-payments");
  const member = await (await browser.newContext()).newPage();
  await signInOnPhone(member, email);
  const admin = await (await browser.newContext()).newPage();
  await signInOnPhone(admin, "admin@example.com");
  const me = await api<{ id: string }>(member, "get", "/api/users/me");
  await api(admin, "post", "/api/admin/earnings", { user_id: me.id, amount_usd: 40, description: "Phone payments" });
  await api(admin, "post", "/api/admin/payments", {
    user_id: me.id,
    amount_usd: 1,
    payment_method: "PayPal",
    payment_reference: reference,
    notes: "",
    status: "completed",
  });
  await api(member, "put", "/api/me/payout-destination", {
    payment_method: "Bank Transfer",
    payout_address: `iban-${stamp}-${"W".repeat(200)}`.slice(0, 200),
  });
  await api(member, "post", "/api/me/payout-requests", { amount_usd: 25 });

  await member.goto("/wallet");
  await member.getByRole("tab", { name: "Payment History" }).click();
  const row = member.getByRole("table", { name: "Your payments" }).locator("tbody > tr").first();
  const shown = member.getByTitle(reference);
  await expect(shown).toBeVisible();
  // Two lines of it, the whole value in its title: the row is a short card, not 550 px of empty cells.
  expect((await box(row)).height).toBeLessThan(300);
  expect((await box(shown)).height).toBeLessThan(50);
  await expectOnScreen(row, "the payment");
  expect(await member.evaluate(() => document.documentElement.scrollWidth)).toBe(390);

  await admin.goto("/admin");
  await admin.getByRole("tab", { name: "Payments", exact: true }).click();
  await expectOnScreen(admin.getByRole("button", { name: `Pay ${email}` }), "Pay");
  await expectOnScreen(admin.getByRole("button", { name: `Reject payout to ${email}` }), "Reject");
  await expectOnScreen(admin.getByText(`iban-${stamp}-`, { exact: false }).first(), "Pay to");
  await expectOnScreen(admin.getByRole("button", { name: `Correct payment to ${email}` }).first(), "Correct");
  expect(await admin.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
});
