import { expect, test, type Page } from "@playwright/test";
import { freshEmail, signInAs, signOut } from "./sign-in";
import { CONTENT_PAGE } from "./urls";

// The comment journey (docs/decisions/093, 095): a creator's item gets a comment, the creator replies and pins it,
// another member reports it, the admin takes it down from the Moderation tab, its author sees "Removed by
// moderators" and appeals, the admin reverses in Appeals, and the comment is back and its author told on the bell.
// Fresh members and a fresh item, so the journey neither needs nor touches the seed's content.

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

async function openModeration(page: Page, show: "Open" | "Removed" | "Appeals") {
  await page.goto("/admin");
  await page.getByRole("tab", { name: "Moderation", exact: true }).click();
  await page.getByRole("group", { name: "Show items" }).getByRole("button", { name: show, exact: true }).click();
}

const comments = (page: Page) => page.getByRole("region", { name: /comments?$/ });
/** One comment's own block (its replies are outside it), found by its words. */
const commentBy = (page: Page, text: string) => comments(page).getByRole("article").filter({ hasText: text });

test("a comment is posted, replied to, pinned, reported, taken down, appealed and reinstated", async ({ page }) => {
  test.setTimeout(180_000);
  const stamp = Date.now().toString(36);
  const title = `Commented ${stamp}`;
  const creator = freshEmail("cm-creator");
  const author = freshEmail("cm-author");
  const reporter = freshEmail("cm-reporter");
  const words = `Nice cut, but the ending drags ${stamp} 🎬`;
  const reply = "Thanks! Fixing the ending.";
  const note = "Flagged as harassment";
  // Hostile details: HTML, emoji and one long unbroken word, which the admin's queue must show as text and wrap.
  const details = `Rude <b>again</b> 🤬 ${"W".repeat(300)}`;

  await signInAs(page, creator);
  const path = await upload(page, title);
  await signOut(page);

  // The author comments.
  await signInAs(page, author);
  await page.goto(path);
  await comments(page).getByLabel("Add a comment").fill(words);
  await comments(page).getByRole("button", { name: "Comment", exact: true }).click();
  await expect(commentBy(page, words)).toBeVisible();
  await signOut(page);

  // The creator replies and pins the comment.
  await signInAs(page, creator);
  await page.goto(path);
  await commentBy(page, words).waitFor();
  await comments(page).getByRole("button", { name: "Reply", exact: true }).first().click();
  await comments(page)
    .getByLabel(/^Reply to /)
    .fill(reply);
  await comments(page).getByRole("button", { name: "Reply", exact: true }).last().click();
  await expect(commentBy(page, reply)).toBeVisible();
  await commentBy(page, words).getByRole("button", { name: "Pin", exact: true }).click();
  await expect(commentBy(page, words).getByText("Pinned by creator")).toBeVisible();
  await signOut(page);

  // Another member reports the comment.
  await signInAs(page, reporter);
  await page.goto(path);
  await commentBy(page, words).getByRole("button", { name: "Report", exact: true }).click();
  const report = page.getByRole("dialog", { name: "Report comment" });
  await report.getByRole("radio", { name: "Abuse" }).check();
  await report.getByLabel("Details (optional)").fill(details);
  await report.getByRole("button", { name: "Submit" }).click();
  await expect(report.getByText("Your report was sent.")).toBeVisible();
  await report.getByRole("button", { name: "Done" }).click();
  await signOut(page);

  // The admin takes it down from the Moderation tab.
  await signInAs(page, "admin@example.com");
  await openModeration(page, "Open");
  const reported = page.getByRole("list", { name: "Reported comments" }).getByRole("article", { name: words });
  await expect(reported.getByText(details)).toBeVisible();
  await expect(reported.getByRole("link", { name: title })).toBeVisible();
  // On a phone nothing scrolls sideways, however long the words.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(reported.getByText(details)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
  await page.setViewportSize({ width: 1280, height: 800 });
  await reported.getByRole("button", { name: /^Take down the comment by / }).click();
  const takedown = page.getByRole("dialog", { name: "Take down comment" });
  await takedown.getByLabel("Note").fill(note);
  await takedown.getByRole("button", { name: "Take down", exact: true }).click();
  await expect(takedown).toBeHidden();
  await expect(page.getByText(/^Comment taken down: by /)).toBeVisible();
  await signOut(page);

  // Others no longer read it: its thread stays, as "Comment removed".
  await signInAs(page, reporter);
  await page.goto(path);
  await expect(commentBy(page, reply)).toBeVisible();
  await expect(comments(page).getByText("Comment removed")).toBeVisible();
  await expect(comments(page).getByText(words)).toHaveCount(0);
  await signOut(page);

  // Its author sees why, and appeals.
  await signInAs(page, author);
  await page.goto(path);
  const own = commentBy(page, words);
  await expect(own.getByText("Removed by moderators")).toBeVisible();
  await expect(own.getByText(new RegExp(note))).toBeVisible();
  await own.getByRole("button", { name: "Appeal", exact: true }).click();
  const appeal = page.getByRole("dialog", { name: "Appeal the comment's removal" });
  await appeal.getByLabel("Your appeal").fill("It was a note about the edit, not an insult 🙏");
  await appeal.getByRole("button", { name: "Submit" }).click();
  await expect(appeal.getByText("Appeal sent", { exact: true })).toBeVisible();
  await appeal.getByRole("button", { name: "Done" }).click();
  await expect(own.getByText(/^Appeal sent /)).toBeVisible();
  await signOut(page);

  // The admin reads it with the comment and reverses: the comment is restored.
  await signInAs(page, "admin@example.com");
  await openModeration(page, "Appeals");
  const subject = `Takedown of a comment on “${title}”`;
  const appealed = page.getByRole("article", { name: subject });
  await expect(appealed.getByText(words)).toBeVisible();
  await expect(appealed.getByText("It was a note about the edit, not an insult 🙏")).toBeVisible();
  await appealed.getByRole("button", { name: `Reverse: ${subject}` }).click();
  const reverse = page.getByRole("dialog", { name: "Reverse appeal" });
  await reverse.getByRole("button", { name: "Reverse", exact: true }).click();
  await expect(reverse).toBeHidden();
  await expect(page.getByText(`Appeal reversed: ${subject}.`)).toBeVisible();
  await signOut(page);

  // The author's comment is visible again, and the bell says so.
  await signInAs(page, author);
  await page.goto(path);
  await expect(commentBy(page, words)).toBeVisible();
  await expect(commentBy(page, words).getByText("Removed by moderators")).toHaveCount(0);
  await page.getByRole("button", { name: /^Notifications/ }).click();
  await expect(page.getByText(`Your appeal was granted: your comment on “${title}” is visible again`)).toBeVisible();
});
