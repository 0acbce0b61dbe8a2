import { expect, test, type Page } from "@playwright/test";
import { searchGallery } from "./gallery-search";
import { freshEmail, signInAs, signOut } from "./sign-in";
import { CONTENT_PAGE } from "./urls";

// The moderation journey (docs/decisions/027, 092): a viewer reports an item, an admin takes it down, the viewer can no
// longer find it, its creator sees why in My Content and appeals, the admin reverses the takedown (a restore) and
// the viewer finds it again.
// A fresh creator uploads a fresh item, so the journey neither needs nor touches the seed's content.

async function upload(page: Page, title: string) {
  await page.goto("/upload");
  await page.getByLabel(/Media file/).setInputFiles("e2e/fixtures/tiny.mp4");
  await page.getByLabel("Title").fill(title);
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  // A 3 s item can't earn: the page says so and links to it instead of opening it (docs/decisions/063).
  await page.getByRole("link", { name: "Open it" }).click({ timeout: 20_000 });
  await expect(page).toHaveURL(CONTENT_PAGE, { timeout: 20_000 });
  return new URL(page.url()).pathname;
}

/** Searches the gallery from the header once the page knows who is signed in; the gallery lives on home. */
async function search(page: Page, text: string) {
  await page.goto("/");
  // Type only once the header is drawn for the signed-in member: text typed before it could be lost with the
  // old search box on a busy machine.
  await expect(page.getByRole("banner").getByRole("button", { name: /^Sign (In|Out)$/ })).toBeVisible();
  await expect(page.getByRole("region", { name: "Discover Content" })).toBeVisible();
  return searchGallery(page, text);
}

async function openModeration(page: Page, show: "Open" | "Removed" | "Appeals") {
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Moderation", exact: true }).click();
  await page.getByRole("group", { name: "Show items" }).getByRole("button", { name: show, exact: true }).click();
}

test("a reported item is taken down, its creator sees why and appeals, and it comes back when the appeal is granted", async ({
  page,
}) => {
  test.setTimeout(150_000);
  // A word no other item has, so search finds this item alone.
  const word = `modclip${Date.now().toString(36)}`;
  const title = `Reported ${word}`;
  const creator = freshEmail("mod-creator");
  const viewer = freshEmail("mod-viewer");
  const takedownNote = "Spam links in the description";

  await signInAs(page, creator);
  const path = await upload(page, title);
  await signOut(page);

  // The viewer finds the item and reports it.
  await signInAs(page, viewer);
  const gallery = await search(page, word);
  await gallery.getByRole("link", { name: title, exact: true }).click();
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
  await page.getByRole("button", { name: "Report", exact: true }).click();
  const report = page.getByRole("dialog", { name: "Report content" });
  await report.getByRole("radio", { name: "Spam" }).check();
  await report.getByLabel("Note (optional)").fill("Links to a shady shop");
  await report.getByRole("button", { name: "Submit" }).click();
  // Either wording proves the report arrived (the component tests pin which one a first report gets).
  await expect(report.getByText(/^Your report was (sent|updated)\.$/)).toBeVisible();
  await report.getByRole("button", { name: "Done" }).click();
  await expect(report).toBeHidden();
  await signOut(page);

  // The admin finds it in the queue and takes it down with a note for the creator.
  await signInAs(page, "admin@example.com");
  await openModeration(page, "Open");
  const reported = page.getByRole("article", { name: title });
  await expect(reported.getByRole("list", { name: "Reasons" })).toContainText("Spam");
  await expect(reported.getByText("Links to a shady shop")).toBeVisible();
  // The creator, by email (a name match is a substring match): the button opens their moderation page.
  await expect(reported.getByRole("button", { name: creator })).toBeVisible();
  await reported.getByRole("button", { name: `Take down ${title}` }).click();
  const takedown = page.getByRole("dialog", { name: "Take down content" });
  await takedown.getByLabel("Note").fill(takedownNote);
  await takedown.getByRole("button", { name: "Take down", exact: true }).click();
  await expect(takedown).toBeHidden();
  await expect(page.getByText(`Taken down: ${title}`)).toBeVisible();
  await openModeration(page, "Removed");
  await expect(page.getByRole("article", { name: title }).getByText(takedownNote)).toBeVisible();
  await signOut(page);

  // The viewer no longer finds it, and its address says not found.
  await signInAs(page, viewer);
  const emptied = await search(page, word);
  await expect(emptied.getByText("No content found")).toBeVisible();
  await expect(emptied.getByRole("link", { name: title, exact: true })).toHaveCount(0);
  await page.goto(path);
  await expect(page.getByRole("heading", { name: "Content not found" })).toBeVisible();
  await signOut(page);

  // The creator sees why in My Content, and appeals.
  await signInAs(page, creator);
  await page.goto("/profile");
  await page.getByRole("tab", { name: "My Content" }).click();
  const mine = page.getByRole("listitem", { name: title });
  await expect(mine.getByText("Removed by moderators")).toBeVisible();
  await expect(mine.getByText(takedownNote)).toBeVisible();
  await mine.getByRole("button", { name: "Appeal", exact: true }).click();
  const appeal = page.getByRole("dialog", { name: "Appeal the takedown" });
  await appeal.getByLabel("Your appeal").fill("The links are my own shop, <b>not spam</b> 🛍️");
  await appeal.getByRole("button", { name: "Submit" }).click();
  await expect(appeal.getByText("Appeal sent", { exact: true })).toBeVisible();
  await appeal.getByRole("button", { name: "Done" }).click();
  await expect(mine.getByText(/^Appeal sent /)).toBeVisible();
  await signOut(page);

  // The admin reads the appeal beside the takedown and reverses it: the item is restored.
  await signInAs(page, "admin@example.com");
  await openModeration(page, "Appeals");
  const appealed = page.getByRole("article", { name: `Takedown of “${title}”` });
  await expect(appealed.getByText("The links are my own shop, <b>not spam</b> 🛍️")).toBeVisible();
  await expect(appealed.getByText(takedownNote)).toBeVisible();
  await appealed.getByRole("button", { name: `Reverse: Takedown of “${title}”` }).click();
  const reverse = page.getByRole("dialog", { name: "Reverse appeal" });
  // Nobody was paid for the item, so the takedown reversed nothing that reversing could give back (decision 096).
  await expect(reverse.getByText(/The takedown reversed no earnings that can be given back\./)).toBeVisible();
  await reverse.getByLabel("Note (optional)").fill("Description fixed");
  await reverse.getByRole("button", { name: "Reverse", exact: true }).click();
  await expect(reverse).toBeHidden();
  await expect(page.getByText(`Appeal reversed: Takedown of “${title}”.`)).toBeVisible();
  await signOut(page);

  // The creator hears it on the bell.
  await signInAs(page, creator);
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByText(`Your appeal was granted: “${title}” is visible again`)).toBeVisible();
  await signOut(page);

  // The viewer finds it again, at its address too.
  await signInAs(page, viewer);
  const restored = await search(page, word);
  await expect(restored.getByRole("link", { name: title, exact: true })).toBeVisible();
  await page.goto(path);
  await expect(page.getByRole("heading", { name: title, level: 1 })).toBeVisible();
});
