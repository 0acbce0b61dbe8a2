import { vi } from "vitest";

// VAST documents and a network stub for the ad loader and player tests. Feeds are XML text, which the
// shared JSON `stubFetch` cannot answer, so this stub passes strings through as they are.

const linearEvents = ["start", "complete", "skip", "pause", "resume"] as const;

type MediaFileSpec = { url: string; type?: string; apiFramework?: string };

export type InlineSpec = {
  mediaFiles?: MediaFileSpec[];
  /** hh:mm:ss; "" leaves <Duration> out. */
  duration?: string;
  /** "" leaves <ClickThrough> out. */
  clickThrough?: string;
  tracking?: Partial<Record<"impression" | "click" | (typeof linearEvents)[number], string>>;
  /** Leaves the <MediaFiles> element out altogether. */
  noMediaFilesElement?: boolean;
};

// Real feeds wrap URLs in CDATA; happy-dom's XML parser does not support CDATA sections, so the test
// feeds escape their text instead (same document for the VAST client).
const xmlText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** An InLine VAST 3 ad; by default one mp4 at /ads/ad.mp4, 6 s, with a click-through and tracking. */
export function inlineVast(spec: InlineSpec = {}) {
  const {
    mediaFiles = [{ url: "/ads/ad.mp4", type: "video/mp4" }],
    duration = "00:00:06",
    clickThrough = "https://sponsor.example.com/landing",
    tracking = {
      impression: "/api/ads/track?event=impression",
      start: "/api/ads/track?event=start",
      complete: "/api/ads/track?event=complete",
      skip: "/api/ads/track?event=skip",
      pause: "/api/ads/track?event=pause",
      resume: "/api/ads/track?event=resume",
      click: "/api/ads/track?event=click",
    },
    noMediaFilesElement = false,
  } = spec;
  const events = linearEvents
    .filter((event) => tracking[event])
    .map((event) => `<Tracking event="${event}">${xmlText(tracking[event]!)}</Tracking>`)
    .join("");
  const files = mediaFiles
    .map(
      (file) =>
        `<MediaFile delivery="progressive" type="${file.type ?? "video/mp4"}" width="480" height="270"` +
        `${file.apiFramework ? ` apiFramework="${file.apiFramework}"` : ""}>${xmlText(file.url)}</MediaFile>`,
    )
    .join("");
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0"><Ad id="test-ad"><InLine>
  <AdSystem>Test</AdSystem><AdTitle>Test ad</AdTitle>
  ${tracking.impression ? `<Impression>${xmlText(tracking.impression)}</Impression>` : ""}
  <Creatives><Creative id="c1"><Linear>
    ${duration ? `<Duration>${duration}</Duration>` : ""}
    <TrackingEvents>${events}</TrackingEvents>
    <VideoClicks>
      ${clickThrough ? `<ClickThrough>${xmlText(clickThrough)}</ClickThrough>` : ""}
      ${tracking.click ? `<ClickTracking>${xmlText(tracking.click)}</ClickTracking>` : ""}
    </VideoClicks>
    ${noMediaFilesElement ? "" : `<MediaFiles>${files}</MediaFiles>`}
  </Linear></Creative></Creatives>
</InLine></Ad></VAST>`;
}

/** A Wrapper ad pointing at `adTagUri`, with its own impression pixel. */
export function wrapperVast(adTagUri: string, impression = "/api/ads/track?event=wrapper-impression") {
  return `<?xml version="1.0" encoding="UTF-8"?>
<VAST version="3.0"><Ad id="wrapper"><Wrapper>
  <AdSystem>Test wrapper</AdSystem>
  <VASTAdTagURI>${xmlText(adTagUri)}</VASTAdTagURI>
  <Impression>${xmlText(impression)}</Impression>
  <Creatives></Creatives>
</Wrapper></Ad></VAST>`;
}

type Reply = { status?: number; body?: string | object };
type Route = Reply | ((url: URL, init: RequestInit | undefined) => Reply | Promise<Reply>);

/** GET /api/view-reward as the server answers it: every player asks it for its counting line. */
const VIEW_REWARD = { reward_usd: 0.003, qualify_percent: 80, views_per_item_per_day: 3 };

/**
 * Stubs `fetch` with replies keyed by "METHOD /path" (or "METHOD https://host/path" for other origins).
 * String bodies go out as XML text, objects as JSON; unknown requests answer 404 (GET /api/view-reward: VIEW_REWARD).
 */
export function stubNetwork(routes: Record<string, Route>) {
  const requests: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const raw = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
    const url = new URL(raw, window.location.origin);
    const method = init?.method ?? "GET";
    const sameOrigin = url.origin === window.location.origin;
    const key = `${method} ${sameOrigin ? url.pathname : `${url.origin}${url.pathname}`}`;
    requests.push(`${method} ${url.href}`);
    const route = routes[key] ?? (key === "GET /api/view-reward" ? { body: VIEW_REWARD } : undefined);
    const reply = typeof route === "function" ? await route(url, init) : (route ?? { status: 404, body: "" });
    const { status = 200, body = "" } = reply;
    const isText = typeof body === "string";
    return new Response(method === "HEAD" ? null : isText ? body : JSON.stringify(body), {
      status,
      headers: { "Content-Type": isText ? "application/xml" : "application/json" },
    });
  });
  vi.stubGlobal("fetch", fetchMock);
  return { fetchMock, requests };
}

/** The pixels the VAST client fired (it pings with `new Image().src = url`). */
export function watchPixels() {
  const pixels: string[] = [];
  const descriptor = Object.getOwnPropertyDescriptor(HTMLImageElement.prototype, "src")!;
  vi.spyOn(HTMLImageElement.prototype, "src", "set").mockImplementation(function (
    this: HTMLImageElement,
    value: string,
  ) {
    pixels.push(value);
    descriptor.set?.call(this, value);
  });
  return pixels;
}
