import { VASTClient, VASTTracker } from "@dailymotion/vast-client";

// Loads one linear ad from a VAST feed (docs/product-spec.md §3 "Ad", §5 "Ad feed", §8 loader messages) with the
// VAST client (wrappers, tracking; docs/architecture.md §2). The client is lenient where the spec is strict: a
// browser's DOMParser turns broken XML into a document with a <parsererror> inside, and the client then
// quietly finds no ads. So every document, the feed and each wrapper's target, goes through our own
// fetch and parse first (a custom `urlHandler`), and each failure keeps the spec's own message.

/** docs/product-spec.md §9: an ad without a readable hh:mm:ss duration counts as 30 seconds. */
export const DEFAULT_AD_DURATION_SECONDS = 30;
/** A feed (with its wrappers) and the media check must answer within this, or the content goes on. */
const AD_LOAD_TIMEOUT_MS = 10_000;

const vastMessages = {
  fetchFailed: (status: number) => `VAST fetch failed with status ${status}`,
  unreachable: "VAST fetch failed: network error",
  empty: "Empty VAST response",
  invalidXml: "Invalid XML format",
  noMediaFiles: "No media files found in VAST",
  noValidMediaUrl: "No valid media file URL found",
  timedOut: "VAST request timed out",
  mediaUnavailable: (status: number) => `Ad media unavailable (status ${status})`,
  mediaUnreachable: "Ad media unreachable",
} as const;

/** Why an ad could not be loaded; `message` is one of `vastMessages`. */
export class VastLoadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "VastLoadError";
  }
}

export type LoadedAd = {
  /** Absolute http(s) URL of the chosen media file (already checked with HEAD). */
  mediaUrl: string;
  /** Seconds, from the creative's <Duration>, else DEFAULT_AD_DURATION_SECONDS. */
  duration: number;
  /** Absolute http(s) URL to open when the ad is clicked, or null when the ad has none. */
  clickThrough: string | null;
  /** Impression, start, quartiles, complete, skip, click and error tracking for this ad. */
  tracker: VASTTracker;
};

export type LoadVastOptions = { signal?: AbortSignal; timeoutMs?: number };

/** The stored `vast_url` as an absolute URL: a same-origin path (docs/decisions/009) is resolved. */
export function resolveFeedUrl(vastUrl: string, origin = window.location.origin): string {
  return new URL(vastUrl.trim(), origin).href;
}

/** Fetches the feed (following wrappers), picks a media file, checks it with HEAD, and returns the ad. */
export async function loadVastAd(feedUrl: string, options: LoadVastOptions = {}): Promise<LoadedAd> {
  const { signal, timeoutMs = AD_LOAD_TIMEOUT_MS } = options;
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener("abort", abort);
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, timeoutMs);

  try {
    const documents = documentLoader(controller.signal);
    const client = new VASTClient();
    const response = await client
      .get(feedUrl, { urlHandler: documents.handler, resolveAll: false })
      .catch((error: unknown) => {
        throw documents.failure ?? fromClientError(error);
      });
    // A wrapper whose target failed leaves no ad behind; its failure says why.
    const ads = (response as VastResponse).ads;
    if (ads.length === 0 && documents.failure) throw documents.failure;

    const ad = await firstPlayableChoice(mediaChoices(ads), controller.signal, (choice) =>
      // VAST 401: file not found (reported once, for the ad we would have shown first).
      new VASTTracker(client, choice.ad, choice.creative).error({ ERRORCODE: 401 }),
    );
    const tracker = new VASTTracker(client, ad.ad, ad.creative);
    tracker.setDuration(ad.duration);
    return { mediaUrl: ad.mediaUrl, duration: ad.duration, clickThrough: ad.clickThrough, tracker };
  } catch (error) {
    if (timedOut) throw new VastLoadError(vastMessages.timedOut);
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener("abort", abort);
  }
}

// ---- Fetching documents ----

type HandlerResult =
  | { xml: Document; details: { byteLength: number; statusCode: number; rawXml: string } }
  | { error: Error; statusCode: number | null };

/** The client's `urlHandler`: our fetch and parse, remembering the first failure. */
function documentLoader(signal: AbortSignal) {
  const state = {
    failure: null as VastLoadError | null,
    handler: {
      async get(url: string): Promise<HandlerResult> {
        try {
          const { xml, status, text } = await fetchVastDocument(url, signal);
          return { xml, details: { byteLength: text.length, statusCode: status, rawXml: text } };
        } catch (error) {
          // An abort (timeout, page left) is not the feed's fault; loadVastAd words it.
          if (!(error instanceof VastLoadError)) throw error;
          state.failure ??= error;
          return { error, statusCode: null };
        }
      },
    },
  };
  return state;
}

async function fetchVastDocument(url: string, signal: AbortSignal) {
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    if (signal.aborted) throw error;
    throw new VastLoadError(vastMessages.unreachable);
  }
  if (!response.ok) throw new VastLoadError(vastMessages.fetchFailed(response.status));
  const text = await response.text();
  if (!text.trim()) throw new VastLoadError(vastMessages.empty);
  const xml = new DOMParser().parseFromString(text, "text/xml");
  if (!xml.documentElement || xml.getElementsByTagName("parsererror").length > 0) {
    throw new VastLoadError(vastMessages.invalidXml);
  }
  resolveRelativeUrls(xml, url);
  return { xml, status: response.status, text };
}

// Elements whose text is a URL. Feeds hosted with the app use paths (`/api/ads/track?…`), which the
// client would not ping (it only accepts absolute URLs) and, for wrapper targets, would join as plain
// strings. Each document's relative URLs are resolved here against that document, the way the web does.
const urlElements = [
  "VASTAdTagURI",
  "Impression",
  "Error",
  "Tracking",
  "ClickThrough",
  "ClickTracking",
  "CustomClick",
  "MediaFile",
];

function resolveRelativeUrls(xml: Document, documentUrl: string) {
  for (const name of urlElements) {
    for (const element of Array.from(xml.getElementsByTagName(name))) {
      const text = element.textContent?.trim() ?? "";
      // Absolute ones (any scheme) stay exactly as written, macros and all.
      if (!text || /^[a-z][a-z0-9+.-]*:/i.test(text)) continue;
      const absolute = httpUrl(text, documentUrl);
      if (absolute) element.textContent = absolute;
    }
  }
}

/** The client rejects a well-formed document that is not VAST ("Invalid VAST XMLDocument", VAST 1). */
function fromClientError(error: unknown): unknown {
  if ((error as { name?: string } | null)?.name === "AbortError") return error;
  return new VastLoadError(vastMessages.invalidXml);
}

// ---- Choosing the creative and media file ----

// The parts of the client's (untyped) parse result we read.
type UrlTemplate = { id: string | null; url: string };
type MediaFile = { fileURL: string | null; mimeType: string | null; apiFramework: string | null };
type Creative = {
  type: string;
  duration: number;
  mediaFiles?: MediaFile[];
  videoClickThroughURLTemplate: UrlTemplate | null;
};
type VastAd = { creatives: Creative[] };
type VastResponse = { ads: VastAd[] };

type MediaChoice = { ad: VastAd; creative: Creative; mediaUrl: string; duration: number; clickThrough: string | null };

/** Every playable media file of the linear creatives, best first: the order in which they are tried. */
function mediaChoices(ads: VastAd[]): MediaChoice[] {
  const candidates = ads.flatMap((ad) =>
    ad.creatives
      .filter((c) => c.type === "linear" && (c.mediaFiles?.length ?? 0) > 0)
      .map((creative) => ({ ad, creative })),
  );
  if (candidates.length === 0) throw new VastLoadError(vastMessages.noMediaFiles);

  const choices = candidates.flatMap(({ ad, creative }) => {
    const urls = playableMediaUrls(creative.mediaFiles ?? []);
    if (urls.length === 0) return [];
    // Only a web page may open from a click (never `javascript:` from a third-party feed).
    const click = creative.videoClickThroughURLTemplate;
    const clickUrl = click ? httpUrl(click.url) : null;
    creative.videoClickThroughURLTemplate = click && clickUrl ? { ...click, url: clickUrl } : null;
    const duration = creative.duration > 0 ? creative.duration : DEFAULT_AD_DURATION_SECONDS;
    return urls.map((mediaUrl) => ({ ad, creative, mediaUrl, duration, clickThrough: clickUrl }));
  });
  if (choices.length === 0) throw new VastLoadError(vastMessages.noValidMediaUrl);
  return choices;
}

// Script-driven creatives (VPAID) and Flash cannot play in a <video>. Any other apiFramework (the IAB
// samples say apiFramework="VAST") labels a plain file, which plays like one.
const unplayableType = /^application\/(javascript|x-javascript|x-shockwave-flash)$/i;
const unplayableFramework = /vpaid|flash/i;

/** The URLs of the files a <video> can play: mp4 first, then the others, each group in feed order. */
function playableMediaUrls(files: MediaFile[]): string[] {
  const usable = files
    .filter((file) => !unplayableFramework.test(file.apiFramework ?? "") && !unplayableType.test(file.mimeType ?? ""))
    .map((file) => ({ type: (file.mimeType ?? "").toLowerCase(), url: httpUrl(file.fileURL) }))
    .filter((file): file is { type: string; url: string } => file.url !== null);
  const mp4 = usable.filter((file) => file.type === "video/mp4");
  return [...mp4, ...usable.filter((file) => file.type !== "video/mp4")].map((file) => file.url);
}

/** `value` as an absolute http(s) URL (a relative one against `base`), or null. */
function httpUrl(value: string | null | undefined, base?: string): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(text, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

// ---- Checking the media ----

/**
 * The first choice whose media answers the probe: a file missing from one CDN often exists in another
 * rendition, so one failed probe does not lose the ad. When none answers, the first failure is the reason.
 */
async function firstPlayableChoice(
  choices: MediaChoice[],
  signal: AbortSignal,
  reportNotFound: (first: MediaChoice) => void,
) {
  let firstFailure: VastLoadError | null = null;
  for (const choice of choices) {
    try {
      await probeMedia(choice.mediaUrl, signal);
      return choice;
    } catch (error) {
      if (!(error instanceof VastLoadError)) throw error;
      firstFailure ??= error;
    }
  }
  reportNotFound(choices[0]);
  throw firstFailure ?? new VastLoadError(vastMessages.noValidMediaUrl);
}

/**
 * A HEAD request before playing, so a missing file fails fast instead of showing a black ad. Ad CDNs
 * rarely allow CORS; a refused CORS request is retried opaquely (no-cors), where reaching the server is
 * all we can learn.
 */
async function probeMedia(url: string, signal: AbortSignal) {
  let response: Response;
  try {
    response = await fetch(url, { method: "HEAD", signal });
  } catch (error) {
    if (signal.aborted) throw error;
    try {
      await fetch(url, { method: "HEAD", mode: "no-cors", signal });
      return;
    } catch (retryError) {
      if (signal.aborted) throw retryError;
      throw new VastLoadError(vastMessages.mediaUnreachable);
    }
  }
  if (!response.ok) throw new VastLoadError(vastMessages.mediaUnavailable(response.status));
}
