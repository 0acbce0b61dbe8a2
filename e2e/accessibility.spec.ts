import { expect, test } from "@playwright/test";
import { expectAccessible } from "./axe";
import { settled, signInAs } from "./sign-in";

// One visit per screen of the spec, each checked with axe-core: no serious or critical violations; the same
// walk at a laptop's size and at a phone's (docs/decisions/039). Signing in happens at the laptop's size, where the
// header shows Sign Out; the phone's walk then narrows the window.
const sizes = [
  { name: "1280 px", viewport: { width: 1280, height: 800 } },
  { name: "390 px", viewport: { width: 390, height: 844 } },
];

// Each walk signs in (or not) on its own, so the six walks may run side by side (playwright.config.ts).
test.describe.configure({ mode: "parallel" });

for (const size of sizes) {
  test(`signed-out screens at ${size.name}: home, sign-in modal, local sign-in, content, creator`, async ({ page }) => {
    await page.setViewportSize(size.viewport);
    await page.goto("/");
    await expect(page.getByRole("heading", { name: /Welcome to/ })).toBeVisible();
    await expect(page.getByRole("heading", { level: 3 }).first()).toBeVisible();
    await expectAccessible(page, "home (signed out)");

    await page.getByRole("main").getByRole("button", { name: "Sign Up" }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "sign-in modal");
    await page.keyboard.press("Escape");

    const first = page
      .getByRole("region", { name: "Discover Content" })
      .getByRole("heading", { level: 3 })
      .first()
      .getByRole("link");
    const href = await first.getAttribute("href");
    await page.goto(href!);
    await expect(page.getByText("Sign In Required")).toBeVisible();
    await page.keyboard.press("Escape");
    await expectAccessible(page, "content (signed out)");

    await page.goto("/creator/01JBD3M000000000000000AVA0");
    await expect(page.getByRole("heading", { name: "ava" })).toBeVisible();
    await expectAccessible(page, "creator page");

    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByRole("heading", { name: "Local sign-in" })).toBeVisible();
    await expectAccessible(page, "local sign-in");
  });

  test(`signed-in screens at ${size.name}: home, content, upload, bulk upload, profile, wallet`, async ({ page }) => {
    await signInAs(page, "viewer@example.com");
    await page.setViewportSize(size.viewport);
    await expect(
      page.getByRole("region", { name: "Discover Content" }).getByRole("heading", { level: 3 }).first(),
    ).toBeVisible();
    await expectAccessible(page, "home (signed in)");

    await page
      .getByRole("region", { name: "Discover Content" })
      .getByRole("heading", { level: 3 })
      .first()
      .getByRole("link")
      .click();
    await expect(page.getByRole("link", { name: /Back to gallery/ })).toBeVisible();
    await expectAccessible(page, "content page");
    await page.getByRole("button", { name: "Report", exact: true }).click();
    await expect(page.getByRole("dialog")).toBeVisible();
    await expectAccessible(page, "report dialog");
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.goto("/upload");
    await expect(page.getByLabel(/Media file/)).toBeVisible();
    await expectAccessible(page, "single upload");

    await page.goto("/upload/bulk");
    await page
      .getByLabel("Choose video and audio files")
      .setInputFiles(["e2e/fixtures/tiny.mp4", "e2e/fixtures/tiny.mp3"]);
    await expect(page.getByRole("list", { name: "Uploads" }).getByRole("listitem")).toHaveCount(2);
    await expectAccessible(page, "bulk upload");

    // Leaving with files not uploaded yet asks first (beforeunload); this walk means to leave.
    page.once("dialog", (dialog) => void dialog.accept());
    await page.goto("/profile");
    for (const tab of ["Profile Settings", "My Content", "Liked Content"]) {
      await page.getByRole("tab", { name: tab }).click();
      // Check the loading state and the loaded state alike: both must be accessible.
      await expectAccessible(page, `profile: ${tab}`);
      await settled(page);
      await expectAccessible(page, `profile: ${tab} (loaded)`);
    }

    await page.goto("/wallet");
    for (const tab of ["Overview", "Earnings Calendar", "Payment History"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tabpanel")).toBeVisible();
      await expectAccessible(page, `wallet: ${tab}`);
    }
  });

  test(`admin dashboard tabs at ${size.name}`, async ({ page }) => {
    await signInAs(page, "admin@example.com");
    await page.setViewportSize(size.viewport);
    await page.goto("/admin");
    const tabs = page.getByRole("tab");
    await expect(tabs.first()).toBeVisible();
    for (const name of await tabs.allTextContents()) {
      await page.getByRole("tab", { name, exact: true }).click();
      await expect(page.getByRole("tabpanel").first()).toBeVisible();
      await settled(page);
      await expectAccessible(page, `admin: ${name}`);
    }
  });
}
