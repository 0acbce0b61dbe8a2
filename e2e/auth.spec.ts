import { expect, test } from "@playwright/test";
import { signInThroughPages } from "./sign-in";

test("a viewer signs in through the local sign-in and sees the signed-in header", async ({ page }) => {
  await signInThroughPages(page, "viewer@example.com");
  const header = page.getByRole("banner");
  // The viewer has no username, so the header shows the email.
  await expect(header.getByText("viewer@example.com")).toBeVisible();
  for (const name of ["Profile", "Wallet", "Upload", "Sign Out"]) {
    await expect(header.getByRole("link", { name }).or(header.getByRole("button", { name }))).toBeVisible();
  }
  await expect(
    header.getByRole("link", { name: "Admin" }).or(header.getByRole("button", { name: "Admin" })),
  ).toHaveCount(0);
  await expect(header.getByRole("button", { name: "Sign In" })).toHaveCount(0);

  // A non-admin opening /admin is sent home.
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/$/);

  await header.getByRole("button", { name: "Sign Out" }).click();
  await expect(header.getByRole("button", { name: "Sign In" })).toBeVisible();
  await page.goto("/wallet");
  await expect(page).toHaveURL(/\/$/);
});

test("the admin sees the Admin button and the admin tabs", async ({ page }) => {
  await signInThroughPages(page, "admin@example.com");
  const header = page.getByRole("banner");
  await expect(header.getByText("admin", { exact: true })).toBeVisible();
  await header
    .getByRole("link", { name: "Admin" })
    .or(header.getByRole("button", { name: "Admin" }))
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin$/);
  const tabs = page.getByRole("tab");
  await expect(tabs).toHaveText([
    "Analytics",
    "Traffic",
    "Earnings Log",
    "All Users",
    "Ad Settings",
    "Sign-On Challenges",
    "Manual Earnings",
    "Payments",
    "Reviews",
    "Moderation",
    "Audit",
    "Data",
  ]);
});

test("a signed-out visitor opening content is asked to sign in", async ({ page }) => {
  await page.goto("/content/01ARZ3NDEKTSV4RRFFQ69G5FAV");
  await expect(page.getByText("Sign In Required")).toBeVisible();
  await expect(page.getByText("You must be signed in to watch or stream content")).toBeVisible();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Welcome to Reelpay")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Continue with Google" })).toBeVisible();
});

test("a visitor's pages log no error, and the sign-in dialog's Terms and Privacy are real pages", async ({ page }) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Discover Content" })).toBeVisible();
  await page.goto("/content/01ARZ3NDEKTSV4RRFFQ69G5FAV");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Welcome to Reelpay")).toBeVisible();
  // Opened beside the dialog, so the visitor keeps their place.
  const [terms] = await Promise.all([
    page.context().waitForEvent("page"),
    dialog.getByRole("link", { name: "Terms of Service" }).click(),
  ]);
  await expect(terms.getByRole("heading", { level: 1, name: "Terms of Service" })).toBeVisible();
  await terms.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
  await expect(terms.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  expect(errors).toEqual([]);
});
