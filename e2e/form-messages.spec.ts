import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signInAs } from "./sign-in";

// Mistakes get an answer in words before anything is sent (docs/decisions/038).

/** Every request that would store something: upload signing and PUTs, finalize, manual earnings. */
function watchWrites(page: Page) {
  const writes: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (
      request.method() !== "GET" &&
      (pathname.startsWith("/api/uploads") ||
        pathname === "/api/content/finalize" ||
        pathname === "/api/admin/earnings")
    ) {
      writes.push(`${request.method()} ${pathname}`);
    }
  });
  return writes;
}

test("a text file renamed .mp4 is refused when picked, with nothing uploaded", async ({ page }) => {
  await signInAs(page, freshEmail("fake-mp4"));
  const writes = watchWrites(page);
  await page.goto("/upload");
  await page.getByLabel(/Media file/).setInputFiles("e2e/fixtures/not-media.mp4");
  await expect(page.getByRole("alert")).toHaveText(
    "“not-media.mp4” does not contain MP4 video, whatever its name says, so it cannot be uploaded. Choose the original video or audio file.",
  );
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeDisabled();

  await page.goto("/upload/bulk");
  await page
    .getByLabel("Choose video and audio files")
    .setInputFiles(["e2e/fixtures/not-media.mp4", "e2e/fixtures/tiny.mp3"]);
  await expect(page.getByRole("list", { name: "Uploads" }).getByRole("listitem")).toHaveCount(1);
  await expect(page.getByRole("alert")).toContainText("“not-media.mp4” does not contain MP4 video");
  expect(writes).toEqual([]);
});

test("a 201-character title cannot be typed: the count says 200 is the most; an empty bulk title says so before Upload All", async ({
  page,
}) => {
  await signInAs(page, freshEmail("long-title"));
  const writes = watchWrites(page);
  await page.goto("/upload");
  await page.getByLabel(/Media file/).setInputFiles("e2e/fixtures/tiny.mp3");
  const title = page.getByLabel(/Title/);
  await expect(title).toHaveValue("tiny");
  await title.fill("T".repeat(201));
  await expect(title).toHaveValue("T".repeat(200));
  await expect(page.getByText("200/200: the most a title can have")).toBeVisible();
  await page.getByLabel(/Tags/).fill(`live, ${"x".repeat(41)}`);
  await expect(page.getByText(/^Each tag must be at most 40 characters: /)).toBeVisible();
  await expect(page.getByRole("button", { name: "Upload", exact: true })).toBeDisabled();

  await page.goto("/upload/bulk");
  await page.getByLabel("Choose video and audio files").setInputFiles(["e2e/fixtures/tiny.mp3"]);
  const row = page.getByRole("listitem", { name: "tiny.mp3" });
  await row.getByLabel(/Title/).fill("");
  await expect(row.getByText("Title is required")).toBeVisible();
  await page.getByRole("button", { name: "Upload All" }).click();
  await expect(page.getByRole("alert")).toContainText("Nothing was uploaded: 1 file needs a change first (tiny.mp3)");
  expect(writes).toEqual([]);
});

test("an admin's manual earning of 1000000000 is explained in the dialog and not sent", async ({ page }) => {
  await signInAs(page, "admin@example.com");
  const writes = watchWrites(page);
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Manual Earnings", exact: true }).click();
  await page.getByRole("button", { name: "Add Earning" }).click();
  const add = page.getByRole("dialog", { name: "Add Manual Earning" });
  const user = add.getByRole("combobox", { name: "User" });
  // Focused when the dialog opens, yet the list waits for typing: it does not cover the Amount field.
  await expect(user).toBeFocused();
  await expect(add.getByRole("listbox")).toHaveCount(0);
  await user.fill("viewer@");
  await add.getByRole("option", { name: /viewer@example.com/ }).click();
  await add.getByLabel("Amount (USD)").fill("1000000000");
  await expect(add.getByText("Enter at most $1,000,000.00: one entry cannot carry more")).toBeVisible();
  await expect(add.getByRole("button", { name: "Add Earning" })).toBeDisabled();
  await page.keyboard.press("Enter");
  // The list is closed, so Escape closes the dialog.
  await page.keyboard.press("Escape");
  await expect(add).toHaveCount(0);
  expect(writes).toEqual([]);
});

test("an admin's payment of −5 or -5, typed on the keyboard, is refused in words and not sent", async ({ page }) => {
  await signInAs(page, "admin@example.com");
  const writes = watchWrites(page);
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Payments", exact: true }).click();
  await page.getByRole("button", { name: "Record Payment" }).click();
  const pay = page.getByRole("dialog", { name: "Record Payment" });
  // Dimmed, and it says why.
  await expect(pay.getByText("Still needed: a member, an amount and a payment method.")).toBeVisible();
  await pay.getByRole("combobox", { name: "User" }).fill("viewer@");
  await pay.getByRole("option", { name: /viewer@example.com/ }).click();
  await pay.getByLabel("Payment Method").fill("PayPal");
  const amount = pay.getByLabel("Amount (USD)");
  for (const typed of ["−5", "-5"]) {
    await amount.fill("");
    await amount.focus();
    await page.keyboard.type(typed);
    // Kept as typed (a number field once dropped the "−" and took 5), and refused in words.
    await expect(amount).toHaveValue(typed);
    await expect(pay.getByText("The amount cannot be negative")).toBeVisible();
    await expect(pay.getByRole("button", { name: "Record Payment" })).toBeDisabled();
  }
  await page.keyboard.press("Escape");
  await expect(pay).toHaveCount(0);
  expect(writes).toEqual([]);
});
