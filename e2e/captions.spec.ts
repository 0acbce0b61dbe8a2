import { expect, test } from "@playwright/test";
import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { freshEmail, signInAs, skipPreroll } from "./sign-in";
import { CONTENT_PAGE } from "./urls";

// Captions (docs/decisions/049): ava uploads a video with a .vtt, a viewer watches it with captions on
// (CC), the cue shows from the track the page loaded, and search finds the caption's word "in captions".

test("a video uploaded with captions plays them, and its caption words are searchable", async ({ browser }) => {
  test.setTimeout(120_000);
  const word = `zebra${Date.now().toString(36)}`;
  const vtt = join(tmpdir(), `${word}.vtt`);
  writeFileSync(vtt, `WEBVTT\n\n00:00.000 --> 00:05.500\nLook, a <b>${word}</b>! <script>alert(1)</script>\n`);

  const ava = await browser.newPage();
  await signInAs(ava, "ava@example.com");
  // The word is only in the captions, so the search finds the item through them alone.
  const title = `Captioned clip ${Date.now().toString(36).split("").reverse().join("")}`;
  await ava.goto("/upload");
  await ava.getByLabel(/Media file/).setInputFiles("e2e/fixtures/clip-6s.mp4");
  await ava.getByLabel("Title").fill(title);
  await ava.getByRole("button", { name: "Add captions" }).click();
  await ava.getByLabel("Language").fill("en");
  await ava.getByLabel("Captions file (.vtt)").setInputFiles(vtt);
  // Checked in the browser with the server's parser; Upload waits for the check.
  await expect(ava.locator("p").getByText("English", { exact: true })).toBeVisible();
  await expect(ava.getByRole("button", { name: "Upload", exact: true })).toBeEnabled();
  await ava.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(ava).toHaveURL(CONTENT_PAGE, { timeout: 30_000 });
  const url = ava.url();
  await ava.close();

  const viewer = await browser.newPage();
  await signInAs(viewer, freshEmail("captions"));
  await viewer.goto(url);
  await skipPreroll(viewer);
  const player = viewer.getByRole("region", { name: `Video player: ${title}` });
  await player.hover();
  await player.getByRole("button", { name: "Captions" }).click();
  await expect(player.getByRole("button", { name: "Captions: English" })).toHaveAttribute("aria-pressed", "true");
  // The track loaded under the page's CSP (same origin) and its cue, cleaned of the script tag, is showing.
  await expect
    .poll(() =>
      player
        .locator("video")
        .evaluate((v: HTMLVideoElement) =>
          Array.from(v.textTracks[0]?.activeCues ?? [], (c) => (c as VTTCue).text).join(),
        ),
    )
    .toBe(`Look, a <b>${word}</b>! alert(1)`);

  await viewer.goto(`/?q=${word}`);
  const card = viewer.getByRole("article").filter({ hasText: title });
  await expect(card.getByText("Found in captions")).toBeVisible();
});
