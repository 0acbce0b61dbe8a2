import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAuth } from "../stores/auth";
import { expectConsoleError } from "../test/console";
import { bodiesOf, deferred, refuse, stubFetch } from "../test/fetch";
import { earningRules } from "../test/earnings-fixtures";
import { ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";
import { fakeVideoFrames } from "../test/video-frame";
import { advanceUntil, recordProgress, type ShownStep } from "../test/progress";
import { stubXhr } from "../test/xhr";
import { STEP_HOLD_MS } from "../components/upload/progress-steps";
import { signUpload } from "../test/upload-fixtures";
import { fixtureFile, mp3File, mp4File } from "../test/media-files";

const mp3 = mp3File("night-drive.mp3");
const mp4 = mp4File("city walk.mp4");
const jpeg = new File(["jpg"], "cover.jpg", { type: "image/jpeg" });

const signRoute = signUpload();

const finalizeBodies = (fetchMock: ReturnType<typeof stubFetch>) => bodiesOf(fetchMock, "POST /api/content/finalize");
/** Every upload request made (signing, finalizing): none, when a mistake is caught before sending. */
const uploadRequests = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls
    .map(([url]) => String(url))
    .filter((url) => url.startsWith("/api/uploads") || url.startsWith("/api/content/finalize"));

async function openForm() {
  const view = renderApp("/upload");
  await screen.findByRole("heading", { name: "Upload Content" });
  return view;
}

const choose = (label: RegExp, file: File) =>
  fireEvent.change(screen.getByLabelText(label), { target: { files: [file] } });
/** Picks the media file and waits for its first bytes to be checked (the title follows the file once they pass). */
async function chooseMedia(file: File) {
  choose(/Media file/, file);
  await waitFor(() =>
    expect(screen.getByLabelText(/Title/)).toHaveProperty("value", file.name.replace(/\.[^.]*$/, "")),
  );
}
/** Where the router is going (the content page's code loads lazily) or is. */
const pathOf = ({ state }: ReturnType<typeof renderApp>["router"]) =>
  state.navigation.location?.pathname ?? state.location.pathname;

const watchProgress = () =>
  recordProgress(
    () => screen.queryByRole("progressbar", { name: "Upload progress" }),
    () => screen.getAllByRole("status").find((el) => el.textContent?.startsWith("Upload")) ?? null,
  );

/** docs/product-spec.md §4: 0, 33, 50, 75, 100, each rendered, announced and left on screen for at least STEP_HOLD_MS. */
function expectEveryStepShown(shown: ShownStep[]) {
  expect(shown.map((s) => s.percent)).toEqual([0, 33, 50, 75, 100]);
  expect(shown.map((s) => s.announced)).toEqual([
    "Upload progress 0%",
    "Upload progress 33%",
    "Upload progress 50%",
    "Upload progress 75%",
    "Upload complete. Opening your content…",
  ]);
  shown
    .slice(1)
    .forEach((step, i) =>
      expect(step.at - shown[i].at, `${shown[i].percent}% held`).toBeGreaterThanOrEqual(STEP_HOLD_MS),
    );
}
const submit = () => screen.getByRole("button", { name: /^Upload/ });

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

afterEach(() => {
  vi.useRealTimers();
});

/** The form's failure message (role alert), or null. */
const failureShown = () => screen.queryAllByRole("alert").find((el) => el.tagName === "P")?.textContent ?? null;

describe("single upload", () => {
  it("keeps submit disabled without a file or a title; the title defaults to the file name", async () => {
    await openForm();
    expect(submit()).toHaveProperty("disabled", true);
    await chooseMedia(mp3);
    expect(submit()).toHaveProperty("disabled", false);
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: "   " } });
    expect(submit()).toHaveProperty("disabled", true);
  });

  it("refuses a file that is not MP4 or MP3 when it is chosen", async () => {
    await openForm();
    choose(/Media file/, new File(["x"], "notes.txt", { type: "text/plain" }));
    expect(screen.getByRole("alert").textContent).toBe(
      "“notes.txt” cannot be uploaded. Only MP4 video and MP3 audio files can be uploaded.",
    );
    expect(screen.getByLabelText(/Title/)).toHaveProperty("value", "");
    expect(submit()).toHaveProperty("disabled", true);
  });

  it("shows and announces every step 0, 33, 50, 75, 100, each for a moment, and opens the content page 0.5 s after 100", async () => {
    const finalize = deferred<{ body: { id: string } }>();
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": signRoute,
      "POST /api/content/finalize": () => finalize.promise,
    });
    const puts = stubXhr(() => undefined);
    const { router } = await openForm();
    await chooseMedia(mp3);
    choose(/Thumbnail image/, jpeg);
    vi.useFakeTimers();
    const progress = watchProgress();
    fireEvent.click(submit());

    await advanceUntil(() => expect(puts).toHaveLength(1));
    expect(progress.shown.at(-1)).toMatchObject({ percent: 0, announced: "Upload progress 0%" });
    expect(submit()).toHaveProperty("disabled", true);
    await act(async () => puts[0].respond(200));
    await advanceUntil(() => expect(puts).toHaveLength(2));
    expect(puts[1].url).toBe("/put/thumb_cover.jpg");
    expect(progress.shown.at(-1)?.percent).toBe(33);
    await act(async () => puts[1].respond(200));
    await advanceUntil(() => expect(finalizeBodies(fetchMock)).toHaveLength(1));
    expect(progress.shown.at(-1)?.percent).toBe(50);
    expect(finalizeBodies(fetchMock)[0]).toEqual({
      r2_key: "k/night-drive.mp3",
      type: "audio",
      title: "night-drive",
      thumbnail_key: "k/thumb_cover.jpg",
    });

    // Finalize answers: 75 and 100 come from one answer, yet 75 stays on screen before 100 follows.
    await act(async () => finalize.resolve({ body: { id: "c-new" } }));
    await advanceUntil(() => expect(progress.shown.at(-1)?.percent).toBe(100));
    expectEveryStepShown(progress.shown);
    expect(progress.shown.at(-1)?.announced).toBe("Upload complete. Opening your content…");

    await act(() => vi.advanceTimersByTimeAsync(499));
    expect(pathOf(router)).toBe("/upload");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(pathOf(router)).toBe("/content/c-new");
    progress.stop();
  });

  it("shows 33 and 50 for audio without a thumbnail, though nothing happens between them", async () => {
    stubFetch({ "POST /api/uploads/sign": signRoute, "POST /api/content/finalize": { body: { id: "c-audio" } } });
    stubXhr();
    const { router } = await openForm();
    await chooseMedia(mp3);
    vi.useFakeTimers();
    const progress = watchProgress();
    fireEvent.click(submit());

    await advanceUntil(() => expect(pathOf(router)).toBe("/content/c-audio"));
    expectEveryStepShown(progress.shown);
    progress.stop();
  });

  it("stays on the page to say why an item won't earn, with a link to it, instead of opening it (docs/decisions/063)", async () => {
    stubFetch({
      "POST /api/uploads/sign": signRoute,
      "POST /api/content/finalize": { body: { id: "c-short", earn_block: "too_short" } },
      // Not the default 5 s: the badge names the server's minimum.
      "GET /api/earning-rules": { body: { ...earningRules, min_earning_seconds: 8 } },
    });
    stubXhr();
    const { router } = await openForm();
    await chooseMedia(mp3);
    vi.useFakeTimers();
    fireEvent.click(submit());

    await advanceUntil(() => expect(screen.getByText("Won't earn: shorter than 8 s")).toBeVisible());
    expect(screen.getByText(/published, but its views won't be paid/)).toBeVisible();
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain("Uploaded, but it won't earn");
    expect(screen.getByRole("link", { name: "Open it" }).getAttribute("href")).toBe("/content/c-short");
    expect(submit().textContent).toBe("Uploaded");
    await vi.advanceTimersByTimeAsync(2000);
    expect(pathOf(router)).toBe("/upload");
  });

  it("says captions that were not saved on the page, with a link to the item, instead of a browser alert", async () => {
    stubFetch({
      "POST /api/uploads/sign": signRoute,
      "POST /api/content/finalize": { body: { id: "c-capt", earn_block: null } },
      "PUT /api/content/c-capt/captions/en": {
        status: 400,
        body: { error: "Cue 1 ends after the item", requestId: "r" },
      },
    });
    stubXhr();
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    const { router } = await openForm();
    await chooseMedia(mp3);
    fireEvent.click(screen.getByRole("button", { name: "Add captions" }));
    fireEvent.change(screen.getByLabelText("Language"), { target: { value: "en" } });
    fireEvent.change(screen.getByLabelText("Captions file (.vtt)"), {
      target: { files: [new File(["WEBVTT\n\n00:01.000 --> 00:03.000\nHello\n"], "en.vtt", { type: "text/vtt" })] },
    });
    await waitFor(() => expect(submit()).toHaveProperty("disabled", false));
    vi.useFakeTimers();
    fireEvent.click(submit());

    await advanceUntil(() => expect(screen.getByText(/^Your content was published, but some captions/)).toBeVisible());
    expect(screen.getByText(/^Your content was published, but some captions/).textContent).toContain(
      "English: Cue 1 ends after the item",
    );
    expect(screen.getByRole("link", { name: "Open it" }).getAttribute("href")).toBe("/content/c-capt");
    expect(alert).not.toHaveBeenCalled();
    expect(screen.getAllByRole("status").map((el) => el.textContent)).toContain(
      "Uploaded, but some captions were not saved",
    );
    expect(submit().textContent).toBe("Uploaded");
    // The member reads it: the page does not move on by itself.
    await vi.advanceTimersByTimeAsync(2000);
    expect(pathOf(router)).toBe("/upload");
  });

  it("says a failure in the form, not in a browser alert, and gives the form back with its inputs", async () => {
    stubFetch({ "POST /api/uploads/sign": { status: 500, body: { error: "Storage unavailable", requestId: "r" } } });
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    const logged = expectConsoleError();
    await openForm();
    await chooseMedia(mp3);
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: "Late night synths" } });
    fireEvent.change(screen.getByLabelText(/Tags/), { target: { value: "synth, night" } });
    fireEvent.click(submit());

    await waitFor(() => expect(failureShown()).toBe("Upload failed. Please try again."));
    expect(alert).not.toHaveBeenCalled();
    expect(String(logged.mock.calls[0][1])).toContain("Storage unavailable");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(submit()).toHaveProperty("disabled", false);
    expect(screen.getByLabelText(/Title/)).toHaveProperty("value", "night-drive");
    expect(screen.getByLabelText(/Description/)).toHaveProperty("value", "Late night synths");
    expect(screen.getByLabelText(/Tags/)).toHaveProperty("value", "synth, night");
  });

  it("says the server's words when the storage quota refuses the file", async () => {
    const full =
      "Not enough storage left for this file (3 MiB): you have 1 MiB left of your 20 GiB. Finish or cancel uploads in progress, or delete items you no longer need (a deleted item's space is freed 14 days after you delete it), then try again.";
    stubFetch({
      "POST /api/uploads/sign": { status: 413, body: { error: full, code: "storage_quota", requestId: "r" } },
    });
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    expectConsoleError();
    await openForm();
    await chooseMedia(mp3);
    fireEvent.click(submit());
    await waitFor(() => expect(failureShown()).toBe(full));
    expect(alert).not.toHaveBeenCalled();
    expect(submit()).toHaveProperty("disabled", false);
  });

  it("sends tags and description only when they hold something", async () => {
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": signRoute,
      "POST /api/content/finalize": { body: { id: "c1" } },
    });
    stubXhr();
    await openForm();
    await chooseMedia(mp3);
    fireEvent.change(screen.getByLabelText(/Description/), { target: { value: "  " } });
    fireEvent.change(screen.getByLabelText(/Tags/), { target: { value: " , ,, " } });
    fireEvent.click(submit());
    await waitFor(() => expect(finalizeBodies(fetchMock)).toHaveLength(1));
    expect(finalizeBodies(fetchMock)[0]).toEqual({ r2_key: "k/night-drive.mp3", type: "audio", title: "night-drive" });
  });

  it("sends the chosen visibility, and saves a draft without a title (docs/decisions/094)", async () => {
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": signRoute,
      "POST /api/content/finalize": { body: { id: "c1" } },
    });
    stubXhr();
    await openForm();
    await chooseMedia(mp3);
    fireEvent.click(screen.getByRole("radio", { name: /Unlisted/ }));
    fireEvent.click(submit());
    await waitFor(() => expect(finalizeBodies(fetchMock)).toHaveLength(1));
    expect(finalizeBodies(fetchMock)[0]).toMatchObject({ title: "night-drive", visibility: "unlisted" });
  });

  it("saves a draft with an empty title, without a visibility", async () => {
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": signRoute,
      "POST /api/content/finalize": { body: { id: "c1" } },
    });
    stubXhr();
    await openForm();
    await chooseMedia(mp3);
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: "" } });
    expect(submit()).toHaveProperty("disabled", true);
    fireEvent.click(screen.getByRole("radio", { name: /Private/ }));
    fireEvent.click(screen.getByRole("button", { name: "Save as draft" }));
    await waitFor(() => expect(finalizeBodies(fetchMock)).toHaveLength(1));
    expect(finalizeBodies(fetchMock)[0]).toEqual({
      r2_key: "k/night-drive.mp3",
      type: "audio",
      title: "",
      draft: true,
    });
  });

  it("takes a thumbnail from a chosen video, which can be removed", async () => {
    const { videos } = fakeVideoFrames({ duration: 30 });
    const fetchMock = stubFetch({
      "POST /api/uploads/sign": signRoute,
      "POST /api/content/finalize": { body: { id: "c2" } },
    });
    const puts = stubXhr();
    await openForm();
    await chooseMedia(mp4);

    expect(await screen.findByRole("img", { name: "Thumbnail taken from the video" })).toBeVisible();
    expect(videos.at(-1)?.seeks).toEqual([2]);
    fireEvent.click(screen.getByRole("button", { name: "Remove thumbnail" }));
    expect(screen.queryByRole("img")).toBeNull();
    fireEvent.click(submit());

    await waitFor(() => expect(finalizeBodies(fetchMock)).toHaveLength(1));
    expect(finalizeBodies(fetchMock)[0]).toMatchObject({ type: "video", title: "city walk" });
    expect(finalizeBodies(fetchMock)[0]).not.toHaveProperty("thumbnail_key");
    expect(puts.map((p) => p.url)).toEqual(["/put/city walk.mp4"]);
  });
});

describe("single upload: mistakes are said before sending (docs/decisions/038)", () => {
  it("refuses a text file renamed .mp4 when it is chosen, before any request", async () => {
    const fetchMock = stubFetch({});
    const puts = stubXhr();
    await openForm();
    choose(/Media file/, fixtureFile("not-media.mp4"));
    expect((await screen.findByRole("alert")).textContent).toBe(
      "“not-media.mp4” does not contain MP4 video, whatever its name says, so it cannot be uploaded. Choose the original video or audio file.",
    );
    expect(screen.getByLabelText(/Title/)).toHaveProperty("value", "");
    expect(submit()).toHaveProperty("disabled", true);
    expect(uploadRequests(fetchMock)).toEqual([]);
    expect(puts).toHaveLength(0);
  });

  it("takes the real MP4 fixture", async () => {
    await openForm();
    await chooseMedia(fixtureFile("tiny.mp4"));
    expect(screen.queryByRole("alert")).toBeNull();
    expect(screen.getByText(/^Video ·/)).toBeVisible();
  });

  it("bounds the title and description as the server does, and counts their characters", async () => {
    await openForm();
    await chooseMedia(mp3);
    const title = screen.getByLabelText(/Title/);
    expect(title.getAttribute("maxlength")).toBe("200");
    expect(screen.getByLabelText(/Description/).getAttribute("maxlength")).toBe("5000");
    expect(screen.getByText("11/200")).toBeVisible();
    fireEvent.change(title, { target: { value: "t".repeat(200) } });
    expect(screen.getByText("200/200: the most a title can have")).toBeVisible();
    expect(submit()).toHaveProperty("disabled", false);
  });

  it("says what is wrong with a 201-character title (pasted past the limit) and sends nothing", async () => {
    const fetchMock = stubFetch({});
    await openForm();
    await chooseMedia(mp3);
    const title = screen.getByLabelText(/Title/);
    fireEvent.change(title, { target: { value: "t".repeat(201) } });
    expect(screen.getByText("Title must be at most 200 characters")).toBeVisible();
    expect(title.getAttribute("aria-invalid")).toBe("true");
    expect(submit()).toHaveProperty("disabled", true);
    fireEvent.submit(submit().closest("form")!);
    expect(uploadRequests(fetchMock)).toEqual([]);
  });

  it("states the tag rules and names a tag over 40 characters, or more than 20 tags", async () => {
    const fetchMock = stubFetch({});
    await openForm();
    await chooseMedia(mp3);
    expect(screen.getByText("Separate tags with commas. Up to 20 tags, each at most 40 characters.")).toBeVisible();
    const tags = screen.getByLabelText(/Tags/);
    fireEvent.change(tags, { target: { value: `live, ${"x".repeat(41)}` } });
    expect(screen.getByText(`Each tag must be at most 40 characters: “${"x".repeat(24)}…” has 41`)).toBeVisible();
    expect(submit()).toHaveProperty("disabled", true);
    fireEvent.change(tags, { target: { value: Array.from({ length: 21 }, (_, i) => `t${i}`).join(", ") } });
    expect(screen.getByText("At most 20 tags: there are 21")).toBeVisible();
    fireEvent.change(tags, { target: { value: `live, ${"x".repeat(40)}` } });
    expect(screen.queryByText(/Each tag|At most 20/)).toBeNull();
    expect(submit()).toHaveProperty("disabled", false);
    expect(uploadRequests(fetchMock)).toEqual([]);
  });

  it("shows the server's own words when it still refuses, without the field path", async () => {
    stubFetch({
      "POST /api/uploads/sign": signRoute,
      "POST /api/content/finalize": refuse("tags: Each tag must be at most 40 characters"),
    });
    stubXhr();
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    expectConsoleError();
    await openForm();
    await chooseMedia(mp3);
    fireEvent.click(submit());
    await waitFor(() => expect(failureShown()).toBe("Each tag must be at most 40 characters"));
    expect(alert).not.toHaveBeenCalled();
    expect(submit()).toHaveProperty("disabled", false);
  });

  it("shows the server's words when it refuses the stored bytes (415)", async () => {
    stubFetch({ "POST /api/uploads/sign": signRoute });
    stubXhr(() => ({
      status: 415,
      body: { error: "The file's contents are not an MP3 audio file", code: "unsupported_media", requestId: "r" },
    }));
    const alert = vi.fn();
    vi.stubGlobal("alert", alert);
    expectConsoleError();
    await openForm();
    await chooseMedia(mp3);
    fireEvent.click(submit());
    await waitFor(() => expect(failureShown()).toBe("The file's contents are not an MP3 audio file"));
    expect(alert).not.toHaveBeenCalled();
  });
});
