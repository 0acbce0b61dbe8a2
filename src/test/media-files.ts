import notMediaUrl from "../../e2e/fixtures/not-media.mp4?inline";
import tinyMp3Url from "../../e2e/fixtures/tiny.mp3?inline";
import tinyMp4Url from "../../e2e/fixtures/tiny.mp4?inline";

// Media files for the upload tests whose first bytes are what their names say (the screens check them,
// common/media-sniff.ts): the e2e fixtures themselves, read through Vite's inline imports (data URLs).

const bytesOf = (dataUrl: string) =>
  Uint8Array.from(atob(dataUrl.slice(dataUrl.indexOf(",") + 1)), (c) => c.charCodeAt(0));

const FIXTURES = { "tiny.mp4": tinyMp4Url, "tiny.mp3": tinyMp3Url, "not-media.mp4": notMediaUrl } as const;

/** An e2e fixture's bytes as a File named `name`, with the type its name says. */
export function fixtureFile(fixture: keyof typeof FIXTURES, name: string = fixture, type = typeFor(name)) {
  return new File([bytesOf(FIXTURES[fixture])], name, { type });
}

/** A small MP3 (ID3 tag first) named `name`. */
export const mp3File = (name: string) => fixtureFile("tiny.mp3", name, "audio/mpeg");
/** A small MP4 (`ftyp` box first) named `name`. */
export const mp4File = (name: string) => fixtureFile("tiny.mp4", name, "video/mp4");

function typeFor(name: string) {
  return name.endsWith(".mp3") ? "audio/mpeg" : name.endsWith(".mp4") ? "video/mp4" : "application/octet-stream";
}
