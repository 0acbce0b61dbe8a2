import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DESCRIPTION_MAX, TAG_MAX, TAGS_MAX, TITLE_MAX } from "../common/content-text";
import { REPORT_NOTE_MAX } from "../common/moderation";
import { BIO_MAX, LINK_MAX, LINKS_MAX } from "../common/profile";
import { settled, signInAs } from "./sign-in";

// docs/decisions/039: the longest values the forms and the API accept, without a space to break at, on every screen,
// at a phone's width and a laptop's. A page wider than its viewport scrolls sideways: nothing may.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const stamp = Date.now().toString(36);
/** "W" is the widest letter; one unbroken run of them is the worst a title can be. */
const unbroken = (length: number, lead = "") => (lead + "W".repeat(length)).slice(0, length);
// An address as long as mail allows (254 characters), no dot or hyphen near the start to break at.
const longEmail =
  `${unbroken(64, `e2e-long-${stamp}-`)}@${"w".repeat(63)}.${"w".repeat(63)}.${"w".repeat(49)}.example.com`.slice(
    0,
    254,
  );
const title = unbroken(TITLE_MAX, `Long-${stamp}-`);
// A URL as people paste it: 5,000 characters and no space.
const description = `https://example.com/${"W".repeat(DESCRIPTION_MAX)}`.slice(0, DESCRIPTION_MAX);
const tags = Array.from({ length: TAGS_MAX }, (_, i) => unbroken(TAG_MAX, `t${i}-`));
// Usernames are unique: the run's stamp ends it, in capitals (wide ones).
const USERNAME = unbroken(20, "").slice(stamp.length) + stamp.toUpperCase();

type Overflow = { screen: string; width: number; scrollWidth: number; culprits: string[] };
const overflows: Overflow[] = [];

/** Measures the page at both widths; any sideways scroll is recorded with the elements that stick out. */
async function checkWidths(page: Page, screen: string) {
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    // Layout settles within a frame or two of a resize (tab rows scroll their selection into view); charts redraw
    // their canvas at the new width when their resize observer fires, which a loaded machine may take longer to do.
    // A real overflow never settles: give it up to 2 s, then measure.
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await page
      .waitForFunction(() => document.documentElement.scrollWidth === window.innerWidth, undefined, { timeout: 2000 })
      .catch(() => undefined);
    const found = await page.evaluate(() => {
      const width = window.innerWidth;
      const scrollWidth = document.documentElement.scrollWidth;
      // Boxes that scroll sideways inside the page (wide tables on a phone, a row of cards): fine, unless one thing
      // in it is many screens wide, which means a text in it does not wrap. (A row of cards is as wide as the
      // catalogue is long; each card is not.)
      const widest = (el: Element) => Math.max(0, ...Array.from(el.children, (child) => child.scrollWidth));
      const boxes = Array.from(document.body.querySelectorAll("*"))
        .filter((el) => ["auto", "scroll"].includes(getComputedStyle(el).overflowX) && widest(el) > 4 * width)
        .map((el) => `scroll box ${el.getAttribute("aria-label") ?? el.tagName.toLowerCase()} ${widest(el)} px`);
      if (scrollWidth === width) return boxes.length ? { scrollWidth, culprits: boxes } : null;
      // The outermost elements reaching past the right edge, outside any box that scrolls or clips them.
      const clipped = (el: Element) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (getComputedStyle(p).overflowX !== "visible") return true;
        }
        return false;
      };
      const culprits = Array.from(document.body.querySelectorAll("*"))
        .filter((el) => el.getBoundingClientRect().right > width + 0.5 && !clipped(el))
        .filter(
          (el) =>
            !(
              el.parentElement &&
              el.parentElement.getBoundingClientRect().right > width + 0.5 &&
              !clipped(el.parentElement)
            ),
        )
        .slice(0, 4)
        .map(
          (el) =>
            `${el.tagName.toLowerCase()}.${String(el.className).split(" ").slice(0, 4).join(".")} (${Math.round(el.getBoundingClientRect().right)})`,
        );
      return { scrollWidth, culprits };
    });
    if (found) overflows.push({ screen, width: size.width, ...found });
  }
  await page.setViewportSize(DESKTOP);
}

async function api<T>(page: Page, method: "get" | "post" | "put" | "patch", path: string, data?: unknown): Promise<T> {
  const origin = new URL(page.url()).origin;
  const response = await page.request[method](path, { headers: { Origin: origin }, data });
  expect(response.ok(), `${method.toUpperCase()} ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

/** Uploads the tiny video through the signed upload routes and finalizes it with the longest text. */
async function uploadLongItem(page: Page) {
  const bytes = readFileSync("e2e/fixtures/tiny.mp4");
  const signed = await api<{ key: string; uploadUrl: string }>(page, "post", "/api/uploads/sign", {
    filename: "long.mp4",
    contentType: "video/mp4",
    fileSize: bytes.length,
  });
  const put = await page.request.put(signed.uploadUrl, {
    headers: { Origin: new URL(page.url()).origin, "Content-Type": "video/mp4" },
    data: bytes,
  });
  expect(put.ok(), `PUT upload: ${put.status()}`).toBeTruthy();
  return api<{ id: string }>(page, "post", "/api/content/finalize", {
    r2_key: signed.key,
    type: "video",
    title,
    description,
    tags,
  });
}

async function visitTabs(page: Page, list: string, names: string[], afterClick?: (name: string) => Promise<void>) {
  for (const name of names) {
    const tab = page.getByRole("tablist", { name: list }).getByRole("tab", { name, exact: true });
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await settled(page);
    await afterClick?.(name);
    await checkWidths(page, `${list}: ${name}`);
  }
}

/** Opens a dialog, measures the page with it open, and closes it. */
async function checkDialog(page: Page, screen: string, opener: Locator) {
  await opener.click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await settled(page);
  await checkWidths(page, screen);
  await page.keyboard.press("Escape");
  await expect(page.getByRole("dialog")).toHaveCount(0);
}

test("the longest texts wrap or truncate on every screen at 390 and 1280 px", async ({ browser }) => {
  test.setTimeout(240_000);
  const member = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const admin = await (await browser.newContext({ viewport: DESKTOP })).newPage();

  // The member: the longest email, the longest item, a view of it, and a payout request to a long address.
  await signInAs(member, longEmail);
  const me = await api<{ id: string }>(member, "get", "/api/users/me");
  const { id } = await uploadLongItem(member);

  await signInAs(admin, "admin@example.com");
  await api(admin, "post", "/api/admin/earnings", {
    user_id: me.id,
    amount_usd: 40,
    description: unbroken(500, "earning-"),
  });
  await api(admin, "post", "/api/admin/bonuses", {
    user_id: me.id,
    total_bonus_amount: 5,
    description: unbroken(500, "bonus-"),
  });
  await api(admin, "post", "/api/admin/payments", {
    user_id: me.id,
    amount_usd: 1,
    payment_method: unbroken(100, "method-"),
    payment_reference: unbroken(200, "ref-"),
    notes: unbroken(1000, "notes-"),
    status: "completed",
  });
  // Inactive, so no member is enrolled in it: only the Sign-On Challenges tab shows it.
  await api(admin, "post", "/api/admin/challenges", {
    name: unbroken(100, "challenge-"),
    description: unbroken(500, "rule-"),
    is_active: false,
  });
  // Where the member is paid first (decision 066: an address belongs to one member, so this run's own), then the request.
  await api(member, "put", "/api/me/payout-destination", {
    payment_method: "Bank Transfer",
    payout_address: unbroken(200, `iban-${stamp}-`),
  });
  await api(member, "post", "/api/me/payout-requests", { amount_usd: 25 });
  // A view of the item by the admin, ended at once, lists it in the views of the day (as creator).
  const view = await api<{ view_id: string }>(admin, "post", "/api/playback-events", { content_id: id });
  await api(admin, "post", "/api/events/playback", {
    content_id: id,
    view_id: view.view_id,
    event_type: "complete",
    second_mark: 3,
  });

  // Member screens, email in the header.
  await member.goto("/");
  await checkWidths(member, "home");
  await member.goto(`/content/${id}`);
  await expect(member.getByRole("heading", { level: 1 })).toHaveText(title);
  await checkWidths(member, "content page");
  await member.goto("/upload");
  await checkWidths(member, "upload");
  await member.goto("/upload/bulk");
  await checkWidths(member, "bulk upload");
  await member.goto("/profile");
  await visitTabs(member, "Profile sections", ["Profile Settings", "My Content", "Liked Content"]);
  await member.goto("/wallet");
  await visitTabs(member, "Wallet sections", ["Overview", "Earnings Calendar", "Payment History"], async (name) => {
    if (name === "Payment History") await expect(member.getByText(unbroken(200, "ref-")).first()).toBeVisible();
  });
  await member.getByRole("tab", { name: "Earnings Calendar" }).click();
  await member
    .getByRole("button", { name: /^Views on / })
    .last()
    .click();
  await expect(member.getByRole("dialog")).toBeVisible();
  await checkWidths(member, "wallet: views of a day");
  await member.keyboard.press("Escape");

  // The longest username, bio and links (docs/decisions/091), then the creator's own page and the player again.
  await api(member, "patch", "/api/users/me/username", { username: USERNAME });
  const links = Array.from({ length: LINKS_MAX }, (_, i) =>
    `https://${unbroken(60, `l${i}-`)}.example.com/${"W".repeat(LINK_MAX)}`.slice(0, LINK_MAX),
  );
  await api(member, "patch", "/api/users/me/profile", { bio: unbroken(BIO_MAX, "<b>🎬</b>"), links });
  await member.goto(`/creator/${me.id}`);
  await expect(member.getByRole("heading", { level: 1, name: USERNAME })).toBeVisible();
  await expect(member.getByRole("list", { name: "Links" }).getByRole("link")).toHaveCount(LINKS_MAX);
  await checkWidths(member, "creator page");
  await member.goto(`/content/${id}`);
  await checkWidths(member, "content page (username)");

  // The admin reports the item with the longest note, then walks every admin tab.
  await admin.goto(`/content/${id}`);
  await admin.getByRole("button", { name: "Report", exact: true }).click();
  const dialog = admin.getByRole("dialog");
  await dialog.getByLabel("Spam").check();
  await dialog.getByLabel("Note (optional)").fill(unbroken(REPORT_NOTE_MAX, "note-"));
  await checkWidths(admin, "report dialog");
  await dialog.getByRole("button", { name: "Submit" }).click();
  await expect(dialog.getByRole("status")).not.toBeEmpty();
  await admin.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);

  await admin.goto("/admin");
  await expect(admin.getByRole("tab").first()).toBeVisible();
  const tabNames = await admin.getByRole("tablist", { name: "Admin sections" }).getByRole("tab").allTextContents();
  expect(tabNames).toHaveLength(12);
  await visitTabs(admin, "Admin sections", tabNames, async (name) => {
    if (name === "Manual Earnings") await visitTabs(admin, "Manual records", ["Manual Earnings", "Manual Bonuses"]);
    if (name === "Payments")
      await checkDialog(admin, "payments: pay dialog", admin.getByRole("button", { name: `Pay ${longEmail}` }));
    if (name === "Moderation") {
      await checkDialog(
        admin,
        "moderation: take down dialog",
        admin.getByRole("button", { name: `Take down ${title}` }),
      );
      await checkDialog(
        admin,
        "moderation: member record",
        admin.getByRole("button", { name: new RegExp(USERNAME) }).first(),
      );
    }
  });

  expect(overflows.map((o) => `${o.screen} at ${o.width}: ${o.scrollWidth} px wide; ${o.culprits.join(", ")}`)).toEqual(
    [],
  );
});
