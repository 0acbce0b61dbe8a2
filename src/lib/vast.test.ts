import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFAULT_AD_DURATION_SECONDS, VastLoadError, loadVastAd, resolveFeedUrl } from "./vast";
import { inlineVast, stubNetwork, watchPixels, wrapperVast } from "../test/vast-feeds";

const origin = window.location.origin;
const feed = `${origin}/ads/feed.xml`;
const mediaOk = { "HEAD /ads/ad.mp4": { status: 200 } };

/** The loader's rejection message (and that it is a VastLoadError). */
async function failure(promise: Promise<unknown>) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(VastLoadError);
  return (error as Error).message;
}

afterEach(() => {
  vi.useRealTimers();
});

describe("resolveFeedUrl", () => {
  it("resolves a same-origin path against the page and keeps full URLs", () => {
    expect(resolveFeedUrl("/ads/sample-vast.xml", "http://localhost:5174")).toBe(
      "http://localhost:5174/ads/sample-vast.xml",
    );
    expect(resolveFeedUrl(" https://ads.example.com/v.xml ", "http://localhost:5174")).toBe(
      "https://ads.example.com/v.xml",
    );
  });
});

describe("loadVastAd", () => {
  it("loads an inline ad: media URL resolved against the feed, duration, click-through, then a HEAD probe", async () => {
    const { requests } = stubNetwork({ "GET /ads/feed.xml": { body: inlineVast() }, ...mediaOk });
    const ad = await loadVastAd(feed);
    expect(ad.mediaUrl).toBe(`${origin}/ads/ad.mp4`);
    expect(ad.duration).toBe(6);
    expect(ad.clickThrough).toBe("https://sponsor.example.com/landing");
    expect(requests).toEqual([`GET ${feed}`, `HEAD ${origin}/ads/ad.mp4`]);
  });

  it("resolves relative media against the feed's folder", async () => {
    stubNetwork({
      "GET /ads/feed.xml": { body: inlineVast({ mediaFiles: [{ url: "clips/ad.mp4", type: "video/mp4" }] }) },
      "HEAD /ads/clips/ad.mp4": { status: 200 },
    });
    expect((await loadVastAd(feed)).mediaUrl).toBe(`${origin}/ads/clips/ad.mp4`);
  });

  it("follows a wrapper chain to the inline ad and keeps both impressions", async () => {
    const pixels = watchPixels();
    const { requests } = stubNetwork({
      "GET /ads/feed.xml": { body: wrapperVast("https://ads.example.com/wrapper2.xml") },
      "GET https://ads.example.com/wrapper2.xml": { body: wrapperVast("/inline.xml", "https://ads.example.com/imp2") },
      "GET https://ads.example.com/inline.xml": {
        body: inlineVast({
          mediaFiles: [{ url: "/media/ad.mp4" }],
          tracking: { impression: "https://ads.example.com/imp3" },
        }),
      },
      "HEAD https://ads.example.com/media/ad.mp4": { status: 200 },
    });
    const ad = await loadVastAd(feed);
    // Relative media in the inline document resolve against that document, not the first feed.
    expect(ad.mediaUrl).toBe("https://ads.example.com/media/ad.mp4");
    expect(requests.slice(0, 3)).toEqual([
      `GET ${feed}`,
      "GET https://ads.example.com/wrapper2.xml",
      "GET https://ads.example.com/inline.xml",
    ]);
    ad.tracker.trackImpression();
    expect(pixels).toEqual(
      expect.arrayContaining([
        `${origin}/api/ads/track?event=wrapper-impression`,
        "https://ads.example.com/imp2",
        "https://ads.example.com/imp3",
      ]),
    );
  });

  it("says why a wrapper's target failed", async () => {
    stubNetwork({
      "GET /ads/feed.xml": { body: wrapperVast("https://ads.example.com/gone.xml") },
      "GET https://ads.example.com/gone.xml": { status: 503 },
    });
    expect(await failure(loadVastAd(feed))).toBe("VAST fetch failed with status 503");
  });

  it("prefers an mp4 over other types listed first", async () => {
    stubNetwork({
      "GET /ads/feed.xml": {
        body: inlineVast({
          mediaFiles: [
            { url: "/ads/ad.webm", type: "video/webm" },
            { url: "/ads/vpaid.js", type: "application/javascript", apiFramework: "VPAID" },
            { url: "/ads/ad.mp4", type: "video/mp4" },
          ],
        }),
      },
      ...mediaOk,
    });
    expect((await loadVastAd(feed)).mediaUrl).toBe(`${origin}/ads/ad.mp4`);
  });

  it('plays an mp4 labelled apiFramework="VAST" (as in the IAB samples); only VPAID and Flash are refused', async () => {
    stubNetwork({
      "GET /ads/feed.xml": {
        body: inlineVast({
          mediaFiles: [
            { url: "/ads/vpaid.mp4", type: "video/mp4", apiFramework: "VPAID" },
            { url: "/ads/flash.mp4", type: "video/mp4", apiFramework: "FLASH" },
            { url: "/ads/ad.mp4", type: "video/mp4", apiFramework: "VAST" },
          ],
        }),
      },
      ...mediaOk,
    });
    expect((await loadVastAd(feed)).mediaUrl).toBe(`${origin}/ads/ad.mp4`);
  });

  it("tries the next media file when the first one's probe fails", async () => {
    const pixels = watchPixels();
    const { requests } = stubNetwork({
      "GET /ads/feed.xml": {
        body: inlineVast({
          mediaFiles: [
            { url: "https://cdn-a.example.com/ad.mp4", type: "video/mp4" },
            { url: "/ads/ad-720.mp4", type: "video/mp4" },
            { url: "/ads/ad.webm", type: "video/webm" },
          ],
        }),
      },
      "HEAD https://cdn-a.example.com/ad.mp4": { status: 404 },
      "HEAD /ads/ad-720.mp4": { status: 200 },
    });
    const ad = await loadVastAd(feed);
    expect(ad.mediaUrl).toBe(`${origin}/ads/ad-720.mp4`);
    expect(requests).toEqual([`GET ${feed}`, "HEAD https://cdn-a.example.com/ad.mp4", `HEAD ${origin}/ads/ad-720.mp4`]);
    // A file that was found is no error for the ad server.
    expect(pixels.some((p) => p.includes("event=error"))).toBe(false);
  });

  it("tries the other types after the mp4s, and fails with the first reason when none answers", async () => {
    stubNetwork({
      "GET /ads/feed.xml": {
        body: inlineVast({
          mediaFiles: [
            { url: "/ads/ad.webm", type: "video/webm" },
            { url: "/ads/ad.mp4", type: "video/mp4" },
          ],
        }),
      },
      "HEAD /ads/ad.mp4": { status: 404 },
      "HEAD /ads/ad.webm": { status: 200 },
    });
    expect((await loadVastAd(feed)).mediaUrl).toBe(`${origin}/ads/ad.webm`);

    const { requests } = stubNetwork({
      "GET /ads/feed.xml": {
        body: inlineVast({
          mediaFiles: [
            { url: "/ads/a.mp4", type: "video/mp4" },
            { url: "/ads/b.mp4", type: "video/mp4" },
          ],
        }),
      },
      "HEAD /ads/a.mp4": { status: 410 },
      "HEAD /ads/b.mp4": { status: 503 },
    });
    expect(await failure(loadVastAd(feed))).toBe("Ad media unavailable (status 410)");
    expect(requests.filter((r) => r.startsWith("HEAD"))).toHaveLength(2);
  });

  it("takes another playable type when there is no mp4, skipping invalid URLs", async () => {
    stubNetwork({
      "GET /ads/feed.xml": {
        body: inlineVast({
          mediaFiles: [
            { url: "javascript:alert(1)", type: "video/mp4" },
            { url: "/ads/ad.webm", type: "video/webm" },
          ],
        }),
      },
      "HEAD /ads/ad.webm": { status: 200 },
    });
    expect((await loadVastAd(feed)).mediaUrl).toBe(`${origin}/ads/ad.webm`);
  });

  it.each([
    ["00:00:15", 15],
    ["00:01:30.500", 90.5],
    ["01:00:00", 3600],
  ])("reads the duration %s as %d seconds", async (duration, seconds) => {
    stubNetwork({ "GET /ads/feed.xml": { body: inlineVast({ duration }) }, ...mediaOk });
    expect((await loadVastAd(feed)).duration).toBe(seconds);
  });

  it.each([
    ["no duration", ""],
    ["an unreadable one", "soon"],
  ])("defaults to 30 s with %s", async (_label, duration) => {
    stubNetwork({ "GET /ads/feed.xml": { body: inlineVast({ duration }) }, ...mediaOk });
    expect((await loadVastAd(feed)).duration).toBe(DEFAULT_AD_DURATION_SECONDS);
  });

  it("has no click-through when the ad has none, or only a non-web one", async () => {
    stubNetwork({ "GET /ads/feed.xml": { body: inlineVast({ clickThrough: "javascript:alert(1)" }) }, ...mediaOk });
    expect((await loadVastAd(feed)).clickThrough).toBeNull();
  });

  describe("failures carry the spec's loader messages", () => {
    it("HTTP error", async () => {
      stubNetwork({ "GET /ads/feed.xml": { status: 500 } });
      expect(await failure(loadVastAd(feed))).toBe("VAST fetch failed with status 500");
    });

    it("empty body", async () => {
      stubNetwork({ "GET /ads/feed.xml": { body: "  \n" } });
      expect(await failure(loadVastAd(feed))).toBe("Empty VAST response");
    });

    it("invalid XML (the demo's broken feed)", async () => {
      const broken = `<?xml version="1.0"?><VAST version="3.0"><Ad><InLine><AdTitle>Broken & unterminated</AdTitle>
        <Creatives><Creative><Linear><Duration>00:00:06</Duratio>`;
      stubNetwork({ "GET /ads/feed.xml": { body: broken } });
      expect(await failure(loadVastAd(feed))).toBe("Invalid XML format");
    });

    it("well-formed XML that is not VAST", async () => {
      stubNetwork({ "GET /ads/feed.xml": { body: "<html><body>Not an ad</body></html>" } });
      expect(await failure(loadVastAd(feed))).toBe("Invalid XML format");
    });

    it("no media files (no <MediaFiles>, or no ad at all)", async () => {
      stubNetwork({ "GET /ads/feed.xml": { body: inlineVast({ noMediaFilesElement: true }) } });
      expect(await failure(loadVastAd(feed))).toBe("No media files found in VAST");
      stubNetwork({ "GET /ads/feed.xml": { body: `<VAST version="3.0"></VAST>` } });
      expect(await failure(loadVastAd(feed))).toBe("No media files found in VAST");
    });

    it("media files without a valid URL", async () => {
      stubNetwork({
        "GET /ads/feed.xml": {
          body: inlineVast({
            mediaFiles: [{ url: "   " }, { url: "ftp://ads.example.com/ad.mp4" }, { url: "javascript:void(0)" }],
          }),
        },
      });
      expect(await failure(loadVastAd(feed))).toBe("No valid media file URL found");
    });

    it("a network error", async () => {
      vi.stubGlobal(
        "fetch",
        vi.fn(() => Promise.reject(new TypeError("Failed to fetch"))),
      );
      expect(await failure(loadVastAd(feed))).toBe("VAST fetch failed: network error");
    });

    it("media that the HEAD probe does not find", async () => {
      const pixels = watchPixels();
      stubNetwork({
        "GET /ads/feed.xml": {
          body: inlineVast().replace(
            "<AdSystem>",
            "<Error>/api/ads/track?event=error&amp;code=[ERRORCODE]</Error><AdSystem>",
          ),
        },
        "HEAD /ads/ad.mp4": { status: 404 },
      });
      expect(await failure(loadVastAd(feed))).toBe("Ad media unavailable (status 404)");
      // VAST error 401: file not found, reported to the ad server.
      expect(pixels).toContain(`${origin}/api/ads/track?event=error&code=401`);
    });

    it("a feed that never answers times out", async () => {
      vi.useFakeTimers();
      vi.stubGlobal(
        "fetch",
        vi.fn(
          (_url: string, init?: RequestInit) =>
            new Promise((_resolve, reject) =>
              init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError"))),
            ),
        ),
      );
      const pending = failure(loadVastAd(feed, { timeoutMs: 5000 }));
      await vi.advanceTimersByTimeAsync(5000);
      expect(await pending).toBe("VAST request timed out");
    });
  });

  it("resolves relative tracking URLs so the client pings them, and tracks start, skip and click", async () => {
    const pixels = watchPixels();
    stubNetwork({ "GET /ads/feed.xml": { body: inlineVast() }, ...mediaOk });
    const ad = await loadVastAd(feed);
    ad.tracker.trackImpression();
    ad.tracker.setProgress(1);
    ad.tracker.skip();
    ad.tracker.click();
    const events = pixels.map((p) => new URL(p).searchParams.get("event"));
    expect(events).toEqual(["impression", "start", "skip", "click"]);
  });
});
