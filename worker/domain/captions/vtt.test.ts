import { describe, expect, it } from "vitest";
import {
  CAPTIONS_MAX_BYTES,
  CAPTIONS_MAX_CUES,
  checkCaptionsBytes,
  languageTag,
  parseCaptions,
} from "../../../common/captions";
import { signedInBrowser, uniqueEmail } from "../../test/http";
import { makeContent } from "../../test/factories";

// Hostile WebVTT files (docs/decisions/049): what an uploader may send and what the stored track
// may hold. The parser in common/ is the one the forms run too.

const enc = (s: string) => new TextEncoder().encode(s);
const ok = (vtt: string, durationMs?: number) => {
  const r = parseCaptions(vtt, durationMs);
  if (!r.ok) throw new Error(`refused: ${r.error}`);
  return r.captions;
};
const error = (r: ReturnType<typeof parseCaptions>) => (r.ok ? "accepted" : r.error);
const cue = (text: string) => `WEBVTT\n\n00:01.000 --> 00:02.000\n${text}\n`;
const body = (vtt: string) => vtt.split("\n").slice(3, -1).join("\n");

describe("cue text keeps only caption markup; never HTML", () => {
  it("removes script, img, iframe and style tags, keeping their text as text", () => {
    const out = ok(
      cue(`<script>alert(1)</script><img src=x onerror=alert(2)><iframe src="//evil"></iframe><style>*{}</style>Hi`),
    );
    expect(body(out.vtt)).toBe("alert(1)*{}Hi");
    expect(out.vtt).not.toMatch(/<(script|img|iframe|style)/i);
  });

  it("keeps b, i, u, c with classes, v and lang with annotations, ruby/rt and timestamps, balanced", () => {
    const out = ok(
      cue(
        "<b>bold</b> <i>it</i> <u>u</u> <c.yellow.big>c</c> <v.loud Ava Smith>hi</v> <lang en-GB>colour</lang> <ruby>漢<rt>kan</rt></ruby> a<00:01.500>b",
      ),
    );
    expect(body(out.vtt)).toBe(
      "<b>bold</b> <i>it</i> <u>u</u> <c.yellow.big>c</c> <v.loud Ava Smith>hi</v> <lang en-GB>colour</lang> <ruby>漢<rt>kan</rt></ruby> a<00:00:01.500>b",
    );
  });

  it("drops attributes, unknown tags, stray closers and closes what is left open", () => {
    expect(body(ok(cue('<b onclick="x">a</b></i><span>b</span><i>c')).vtt)).toBe("<b>a</b>b<i>c</i>");
    expect(body(ok(cue('<c.a"b>x</c> <v <b>y')).vtt)).toBe("x <b>y</b>");
    expect(body(ok(cue("<rt>not in ruby</rt> <lang $$>z</lang>")).vtt)).toBe("not in ruby z");
  });

  it("keeps escaped text escaped: &lt;script&gt; is shown, never a tag", () => {
    const out = ok(cue("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#60;b&#62; &bogus; 5 > 3"));
    expect(body(out.vtt)).toBe("&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt; &amp;bogus; 5 &gt; 3");
    expect(out.text).toBe("<script>alert(1)</script> & <b> &bogus; 5 > 3");
  });

  it("drops timestamps outside the cue and references to control characters", () => {
    expect(body(ok(cue("a<00:05.000>b&#0;&#x1b;c")).vtt)).toBe("abc");
  });

  it("leaves out NOTE, STYLE and REGION blocks, identifiers, the header text and unknown cue settings", () => {
    const vtt =
      "WEBVTT - evil header <script>\nKind: captions\n\nSTYLE\n::cue { background: url(https://evil.example/x) }\n\nREGION\nid:r1\n\nNOTE a comment\n\nid-1\n00:01.000 --> 00:02.000 region:r1 align:center line:90% position:50%,center size:80% vertical:xx onload:1\nHello\n";
    expect(ok(vtt).vtt).toBe(
      "WEBVTT\n\n00:00:01.000 --> 00:00:02.000 align:center line:90% position:50%,center size:80%\nHello\n",
    );
  });

  it("plain text for search has no markup", () => {
    expect(ok(cue("<v Ava>Hello <b>you</b></v>")).text).toBe("Hello you");
  });
});

describe("files refused with words naming what is wrong", () => {
  it("not WebVTT: an SRT file, HTML, an empty file", () => {
    expect(error(parseCaptions("1\n00:00:01,000 --> 00:00:02,000\nHi\n"))).toMatch(/first line must be WEBVTT/);
    expect(error(parseCaptions("<html><script>alert(1)</script></html>"))).toMatch(/first line must be WEBVTT/);
    expect(error(parseCaptions(""))).toMatch(/first line must be WEBVTT/);
    expect(error(parseCaptions("WEBVTTX\n\n00:01.000 --> 00:02.000\nHi\n"))).toMatch(/first line must be WEBVTT/);
  });

  it("bad timestamps name the line", () => {
    expect(error(parseCaptions("WEBVTT\n\n00:01,000 --> 00:02.000\nHi\n"))).toBe(
      'Line 3: bad cue timings "00:01,000 --> 00:02.000": write them like "00:01.000 --> 00:04.000"',
    );
    expect(error(parseCaptions("WEBVTT\n\n00:61.000 --> 00:62.000\nHi\n"))).toMatch(/^Line 3: bad cue timings/);
    expect(error(parseCaptions("WEBVTT\n\n00:01.000 -> 00:02.000\nHi\n"))).toMatch(/^Line 3: expected cue timings/);
    expect(error(parseCaptions("WEBVTT\n\nNaN:00.000 --> 00:02.000\nHi\n"))).toMatch(/^Line 3: bad cue timings/);
  });

  it("cues that end before they start, start out of order or end after the item", () => {
    expect(error(parseCaptions("WEBVTT\n\n00:02.000 --> 00:01.000\nHi\n"))).toBe(
      "Line 3: the cue ends (00:01.000) before it starts (00:02.000)",
    );
    expect(error(parseCaptions("WEBVTT\n\n00:05.000 --> 00:06.000\nA\n\n00:01.000 --> 00:02.000\nB\n"))).toBe(
      "Line 6: the cue starts (00:01.000) before the cue above it",
    );
    expect(error(parseCaptions("WEBVTT\n\n00:01.000 --> 00:12.000\nHi\n", 10_000))).toBe(
      "Line 3: the cue ends at 00:12.000, after the end of the item (00:00:10.000)",
    );
    // A frame past the measured end is fine.
    expect(parseCaptions("WEBVTT\n\n00:01.000 --> 00:10.040\nHi\n", 10_000).ok).toBe(true);
  });

  it("NOTE and cue text that would start a cue a player reads differently", () => {
    expect(error(parseCaptions("WEBVTT\n\nNOTE 00:01.000 --> 00:02.000\n\n00:01.000 --> 00:02.000\nHi\n"))).toMatch(
      /^Line 3: a NOTE may not contain "-->"/,
    );
    expect(error(parseCaptions("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n00:03.000 --> 00:04.000\nthere\n"))).toMatch(
      /^Line 5: cue text may not contain "-->"/,
    );
    expect(error(parseCaptions("WEBVTT\n\n00:01.000 --> 00:02.000\nHi\n\nSTYLE\n::cue {}\n"))).toMatch(
      /^Line 6: a STYLE block must come before the first cue/,
    );
  });

  it("a file without cues, or only empty ones", () => {
    expect(error(parseCaptions("WEBVTT\n"))).toBe("The captions file has no cues with text");
    expect(error(parseCaptions(cue("<b></b>")))).toBe("The captions file has no cues with text");
  });

  it("huge cue counts", () => {
    const cues = Array.from(
      { length: CAPTIONS_MAX_CUES + 1 },
      (_, i) => `00:00:${String(i % 60).padStart(2, "0")}.000 --> 00:01:00.000\nx`,
    );
    // Starts in order: all cues start in the first minute, sorted.
    cues.sort();
    expect(error(parseCaptions(`WEBVTT\n\n${cues.join("\n\n")}\n`))).toBe(
      `Too many cues: at most ${CAPTIONS_MAX_CUES}`,
    );
  });

  it("UTF-16 (with or without a byte-order mark), binary junk, invalid UTF-8, oversize", () => {
    const utf16 = (s: string, bom: boolean) => {
      const out = new Uint8Array((bom ? 2 : 0) + s.length * 2);
      if (bom) out.set([0xff, 0xfe]);
      for (let i = 0; i < s.length; i++) out[(bom ? 2 : 0) + i * 2] = s.charCodeAt(i);
      return out;
    };
    expect(error(checkCaptionsBytes(utf16(cue("Hi"), true)))).toBe("The captions file is UTF-16: save it as UTF-8");
    expect(error(checkCaptionsBytes(utf16(cue("Hi"), false)))).toBe("The captions file is UTF-16: save it as UTF-8");
    expect(
      error(checkCaptionsBytes(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0x00, 0x00, 0x01, 0x02]))),
    ).toBe("The captions file holds binary data, not text");
    expect(error(checkCaptionsBytes(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0xc3, 0x28])))).toBe(
      "The captions file is not UTF-8 text",
    );
    expect(error(checkCaptionsBytes(new Uint8Array(CAPTIONS_MAX_BYTES + 1)))).toMatch(/too large: at most 512 KiB/);
  });

  it("accepts a UTF-8 byte-order mark and CRLF or CR line ends", () => {
    const crlf = enc("\uFEFFWEBVTT\r\n\r\n00:01.000 --> 00:02.000\r\nHi\r\n");
    const r = checkCaptionsBytes(crlf);
    expect(r.ok && r.captions.vtt).toBe("WEBVTT\n\n00:00:01.000 --> 00:00:02.000\nHi\n");
    expect(parseCaptions("WEBVTT\r\r00:01.000 --> 00:02.000\rHi\r").ok).toBe(true);
  });
});

describe("language tags", () => {
  it("takes BCP 47 tags in canonical case and refuses the rest", () => {
    expect(["en", "pt-br", "zh-hant-tw", "sr-Latn", "es-419", "de-CH-1996"].map(languageTag)).toEqual([
      "en",
      "pt-BR",
      "zh-Hant-TW",
      "sr-Latn",
      "es-419",
      "de-CH-1996",
    ]);
    for (const bad of [
      "",
      "e",
      "english",
      "en_US",
      "x-private",
      "en-x-foo",
      "en-u-ca-gregory",
      "../etc",
      "en%2F..",
      "<script>",
    ]) {
      expect(languageTag(bad), bad).toBeNull();
    }
  });
});

describe("the route refuses hostile files with a 400 naming the problem", () => {
  it("HTML in place of WebVTT, UTF-16, binary, bad timings; 413 over 512 KiB though the JSON limit is 64 KiB", async () => {
    const creator = await signedInBrowser(uniqueEmail("creator"));
    const me = await (await creator.fetch("/api/users/me")).json<{ id: string }>();
    const item = await makeContent(me.id, { durationMs: 3_600_000 });
    const put = (bytes: Uint8Array | string) =>
      creator.fetch(`/api/content/${item.id}/captions/en`, {
        method: "PUT",
        body: bytes,
        headers: { "content-type": "text/vtt" },
      });
    const refused = async (bytes: Uint8Array | string) => {
      const res = await put(bytes);
      return { status: res.status, ...(await res.json<{ error: string; code: string }>()) };
    };
    expect(await refused("<html><body><script>alert(1)</script>")).toMatchObject({
      status: 400,
      code: "invalid_captions",
      error: "Not a WebVTT file: the first line must be WEBVTT",
    });
    expect(await refused(new Uint8Array([0xfe, 0xff, 0, 0x57]))).toMatchObject({
      status: 400,
      error: "The captions file is UTF-16: save it as UTF-8",
    });
    expect(await refused(new Uint8Array([0x57, 0x45, 0x42, 0x56, 0x54, 0x54, 0x0a, 0x01, 0xff]))).toMatchObject({
      status: 400,
    });
    expect(await refused("WEBVTT\n\n00:01.000 --> 01:01:00.000\nHi\n")).toMatchObject({
      status: 400,
      error: "Line 3: the cue ends at 01:01:00.000, after the end of the item (01:00:00.000)",
    });
    // 100 KiB of honest cues passes the JSON body limit (64 KiB); 512 KiB and one byte does not pass its own.
    const lines = Array.from(
      { length: 2000 },
      (_, i) =>
        `${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.000 --> ${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.500\nA caption line of some length, said by someone.`,
    );
    const big = `WEBVTT\n\n${lines.join("\n\n")}\n`;
    expect(big.length).toBeGreaterThan(64 * 1024);
    expect((await put(big)).status).toBe(200);
    const huge = await refused(new Uint8Array(CAPTIONS_MAX_BYTES + 1).fill(0x41));
    expect(huge).toMatchObject({ status: 413, code: "captions_too_large" });
  });
});
