import { expect, test } from "@playwright/test";

test("the API reference lists the API's areas from its generated document, with no page errors", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  await page.goto("/api/docs");
  // The reference parses the whole document in the page (92 paths): allow it more than the default 5 s.
  await expect(page.getByRole("heading", { name: "Reelpay API" })).toBeVisible({ timeout: 30_000 });
  // Areas come from the routes themselves: a public one, a signed-in one and an admin one.
  for (const area of ["content", "me", "admin payments"]) {
    await expect(page.getByText(area, { exact: true }).first()).toBeVisible();
  }
  expect(errors).toEqual([]);
});
