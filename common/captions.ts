// WebVTT captions (docs/decisions/049): one parser for the upload and edit forms and the Worker, so a
// file the form accepts is the file the server stores. The server never stores what was sent: it stores what
// this parser writes back (the cues, their timings and the markup a caption may carry), so a player, or
// anything else that opens the track, never meets HTML, CSS, comments or regions from an uploader.

/** The largest captions file accepted, in bytes (a feature film's subtitles are 50-150 KiB). */
export const CAPTIONS_MAX_BYTES = 512 * 1024;
/** The most cues one file may hold: a three-hour film has about 3,000. */
export const CAPTIONS_MAX_CUES = 5000;
/** The most caption languages one item may carry. */
export const CAPTION_LANGUAGES_MAX = 10;
/** A cue may end this much after the item's measured end: players' metadata differ by a frame. */
const END_GRACE_MS = 1000;
/** How much of one file's cue text goes into search (characters). */
const CAPTIONS_SEARCH_CHARS = 100_000;

type ParsedCaptions = { vtt: string; text: string; cues: number };
export type CaptionsCheck = { ok: true; captions: ParsedCaptions } | { ok: false; error: string };

// A well-formed BCP 47 language tag, as people use them for captions: language (2-3 letters, or 4-8),
// optional script, region and variants ("en", "pt-BR", "zh-Hant-TW", "sr-Latn", "de-CH-1996"). Extensions and
// private use are refused: players do not use them and they make odd keys.
const LANGUAGE_TAG = /^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|[0-9]{3}))?(-([a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*$/i;

/** The tag in its canonical case ("pt-br" → "pt-BR"), or null when it is not a language tag. */
export function languageTag(tag: string): string | null {
  if (tag.length > 35 || !LANGUAGE_TAG.test(tag)) return null;
  try {
    const [canonical] = Intl.getCanonicalLocales(tag);
    return canonical ?? null;
  } catch {
    return null;
  }
}

/** "pt-BR" → "Portuguese (Brazil)", in English (the site's language); the tag itself when unknown. */
export function languageName(tag: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "language" }).of(tag) ?? tag;
  } catch {
    return tag;
  }
}

/**
 * Checks a file's bytes and parses them (see parseCaptions). Refuses what is not UTF-8 text with words that say
 * what it is: UTF-16 (a byte-order mark, or NUL bytes every other byte), binary (NUL or other control bytes),
 * invalid UTF-8.
 */
export function checkCaptionsBytes(bytes: Uint8Array, durationMs?: number): CaptionsCheck {
  if (bytes.length > CAPTIONS_MAX_BYTES)
    return fail(`The captions file is too large: at most ${CAPTIONS_MAX_BYTES / 1024} KiB`);
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return fail("The captions file is UTF-16: save it as UTF-8");
  }
  if (bytes.length > 1 && (bytes[1] === 0 || bytes[0] === 0) && bytes[2] !== 0)
    return fail("The captions file is UTF-16: save it as UTF-8");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fail("The captions file is not UTF-8 text");
  }
  return parseCaptions(text, durationMs);
}

// Control characters a text file never holds (tab, LF and CR are line breaks and spaces).
// eslint-disable-next-line no-control-regex
const BINARY = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const TIMING = /^(\S+)[ \t]+-->[ \t]+(\S+)(.*)$/;
const TIMESTAMP = /^(?:(\d{2,}):)?([0-5]\d):([0-5]\d)\.(\d{3})$/;

/**
 * Parses WebVTT text (a leading BOM and CRLF line ends allowed) and writes it back as a clean file: the WEBVTT
 * line, then each cue's timings, its known settings and its text with only the markup WebVTT displays (`<b>`
 * `<i>` `<u>` `<c>` `<v>` `<lang>` `<ruby>`/`<rt>` and timestamps); every other tag is removed, its text kept.
 * NOTE, STYLE and REGION blocks and cue identifiers are left out. Cues must start in order, end after they
 * start and, with `durationMs`, end within the item. `text` is the cues' plain text, for search.
 */
export function parseCaptions(input: string, durationMs?: number): CaptionsCheck {
  const source = input.replace(/^\uFEFF/, "");
  if (BINARY.test(source)) return fail("The captions file holds binary data, not text");
  const lines = source.split(/\r\n|\r|\n/);
  if (!/^WEBVTT([ \t].*)?$/.test(lines[0] ?? "")) return fail("Not a WebVTT file: the first line must be WEBVTT");
  let i = 1;
  // The header's metadata lines, up to the first blank line.
  while (i < lines.length && lines[i] !== "") {
    if (lines[i]!.includes("-->")) return fail(`Line ${i + 1}: a blank line must follow the WEBVTT line`);
    i++;
  }
  const cues: string[] = [];
  const texts: string[] = [];
  let lastStart = -1;
  let sawCue = false;
  while (i < lines.length) {
    if (lines[i] === "") {
      i++;
      continue;
    }
    const blockStart = i;
    const block: string[] = [];
    while (i < lines.length && lines[i] !== "") block.push(lines[i++]!);
    const first = block[0]!;
    if (/^NOTE([ \t]|$)/.test(first)) {
      if (block.some((l) => l.includes("-->"))) return fail(`Line ${blockStart + 1}: a NOTE may not contain "-->"`);
      continue;
    }
    if (/^(STYLE|REGION)[ \t]*$/.test(first) && !block.some((l) => l.includes("-->"))) {
      if (sawCue) return fail(`Line ${blockStart + 1}: a ${first.trim()} block must come before the first cue`);
      continue;
    }
    // A cue: an optional identifier line, then the timings.
    const timingAt = first.includes("-->") ? 0 : 1;
    const timing = block[timingAt];
    const lineNo = blockStart + timingAt + 1;
    if (timing === undefined || !timing.includes("-->"))
      return fail(`Line ${blockStart + 1}: expected cue timings like "00:01.000 --> 00:04.000"`);
    const m = TIMING.exec(timing);
    const start = m ? timestampMs(m[1]!) : null;
    const end = m ? timestampMs(m[2]!) : null;
    if (!m || start === null || end === null) {
      return fail(`Line ${lineNo}: bad cue timings "${clip(timing)}": write them like "00:01.000 --> 00:04.000"`);
    }
    if (end <= start) return fail(`Line ${lineNo}: the cue ends (${m[2]}) before it starts (${m[1]})`);
    if (start < lastStart) return fail(`Line ${lineNo}: the cue starts (${m[1]}) before the cue above it`);
    if (durationMs !== undefined && end > durationMs + END_GRACE_MS) {
      return fail(
        `Line ${lineNo}: the cue ends at ${m[2]}, after the end of the item (${formatTimestamp(durationMs)})`,
      );
    }
    const payload = block.slice(timingAt + 1);
    const arrow = payload.findIndex((l) => l.includes("-->"));
    if (arrow >= 0)
      return fail(`Line ${lineNo + 1 + arrow}: cue text may not contain "-->" (is a blank line missing?)`);
    if (cues.length >= CAPTIONS_MAX_CUES) return fail(`Too many cues: at most ${CAPTIONS_MAX_CUES}`);
    lastStart = start;
    sawCue = true;
    const shown = payload.map((l) => cleanCueText(l, start, end)).filter((l) => l.plain.trim() !== "");
    if (!shown.length) continue;
    const settings = cueSettings(m[3]!);
    cues.push(
      `${formatTimestamp(start)} --> ${formatTimestamp(end)}${settings}\n${shown.map((l) => l.markup).join("\n")}`,
    );
    texts.push(shown.map((l) => l.plain.trim()).join(" "));
  }
  if (!cues.length) return fail("The captions file has no cues with text");
  const vtt = `WEBVTT\n\n${cues.join("\n\n")}\n`;
  return { ok: true, captions: { vtt, text: texts.join("\n").slice(0, CAPTIONS_SEARCH_CHARS), cues: cues.length } };
}

const fail = (error: string): CaptionsCheck => ({ ok: false, error });
const clip = (s: string) => (s.length > 40 ? `${s.slice(0, 40)}…` : s);

function timestampMs(s: string): number | null {
  const t = TIMESTAMP.exec(s);
  if (!t) return null;
  const hours = t[1] === undefined ? 0 : Number(t[1]);
  if (hours > 99) return null;
  return ((hours * 60 + Number(t[2])) * 60 + Number(t[3])) * 1000 + Number(t[4]);
}

function formatTimestamp(ms: number): string {
  const pad = (n: number, w = 2) => String(n).padStart(w, "0");
  const h = Math.floor(ms / 3_600_000);
  const m = Math.floor(ms / 60_000) % 60;
  const s = Math.floor(ms / 1000) % 60;
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`;
}

// Cue settings players understand, with values they accept; anything else (regions among them, since REGION
// blocks are left out) is dropped.
const SETTINGS: Record<string, RegExp> = {
  vertical: /^(rl|lr)$/,
  line: /^(-?\d{1,3}|\d{1,3}(\.\d{1,3})?%)(,(start|center|end))?$/,
  position: /^\d{1,3}(\.\d{1,3})?%(,(line-left|center|line-right))?$/,
  size: /^\d{1,3}(\.\d{1,3})?%$/,
  align: /^(start|center|end|left|right)$/,
};

function cueSettings(rest: string): string {
  const kept = rest
    .trim()
    .split(/[ \t]+/)
    .filter((s) => {
      const [name, value, ...more] = s.split(":");
      return (
        more.length === 0 &&
        name !== undefined &&
        value !== undefined &&
        Object.hasOwn(SETTINGS, name) &&
        SETTINGS[name]!.test(value)
      );
    });
  return kept.length ? ` ${kept.join(" ")}` : "";
}

// The character references WebVTT knows; anything else starting with & is text.
const ENTITIES: Record<string, string> = {
  amp: "&",
  lt: "<",
  gt: ">",
  nbsp: "\u00a0",
  lrm: "\u200e",
  rlm: "\u200f",
  quot: '"',
  apos: "'",
};
const escapeText = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]{1,6}|#\d{1,7}|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] === "#") {
      const code = ref[1] === "x" || ref[1] === "X" ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10);
      // A reference to a control character or a surrogate is junk, not text.
      if (code < 0x20 || code === 0x7f || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff) return "";
      return String.fromCodePoint(code);
    }
    return ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

const CLASSES = /^(\.[A-Za-z0-9_-]+)*$/;
const SPANS = new Set(["b", "i", "u", "c", "v", "lang", "ruby", "rt"]);

/**
 * One line of cue text with only the tags WebVTT displays, each balanced within the line (unclosed ones closed
 * at its end, stray closers dropped), and its plain text. Text is decoded and escaped again, so `&lt;script&gt;`
 * stays text and never becomes a tag.
 */
function cleanCueText(line: string, startMs: number, endMs: number): { markup: string; plain: string } {
  let markup = "";
  let plain = "";
  const open: string[] = [];
  const parts = line.split(/(<[^<>]*>?)/);
  for (const part of parts) {
    if (!part) continue;
    if (!part.startsWith("<")) {
      const text = decodeEntities(part);
      markup += escapeText(text);
      plain += text;
      continue;
    }
    if (!part.endsWith(">")) continue; // a "<" never closed: the rest of the line was a broken tag
    const inner = part.slice(1, -1);
    const closing = /^\/([a-z]+)$/.exec(inner);
    if (closing) {
      const at = open.lastIndexOf(closing[1]!);
      if (at >= 0) {
        while (open.length > at) markup += `</${open.pop()}>`;
      }
      continue;
    }
    const ts = timestampMs(inner);
    if (ts !== null) {
      if (ts > startMs && ts < endMs) markup += `<${formatTimestamp(ts)}>`;
      continue;
    }
    const tag = /^([a-z]+)((?:\.[A-Za-z0-9_-]+)*)(?:[ \t]+([^]*))?$/.exec(inner);
    if (!tag || !SPANS.has(tag[1]!) || !CLASSES.test(tag[2]!)) continue;
    const name = tag[1]!;
    const annotation = (tag[3] ?? "").trim();
    if (name === "lang" && !languageTag(annotation)) continue;
    if (name === "rt" && open.at(-1) !== "ruby") continue;
    const note =
      name === "v" || name === "lang" ? (annotation ? ` ${escapeText(decodeEntities(annotation))}` : "") : "";
    markup += `<${name}${tag[2]}${note}>`;
    open.push(name);
  }
  while (open.length) markup += `</${open.pop()}>`;
  return { markup, plain };
}
