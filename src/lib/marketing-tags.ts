// Marketing tags (docs/product-spec.md §7 "Third-party"; docs/architecture.md §4: they load only when their ids are set):
//  - the tag manager (GA4 gtag.js) with automatic page views off, page views sent here on route changes;
//  - the ad pixel (Meta fbevents.js) with a PageView per route change.
// The ids come from GET /api/analytics/config, read once per page load. Without ids nothing is loaded.
import { api, describeFailure } from "./api";
import type { AnalyticsConfig } from "../../common/schemas/admin-analytics";

export const GTAG_SCRIPT = "https://www.googletagmanager.com/gtag/js";
export const PIXEL_SCRIPT = "https://connect.facebook.net/en_US/fbevents.js";

/** Our analytics events and the ad pixel's standard events they map to (docs/product-spec.md §7). */
export const PIXEL_EVENTS = {
  video_play: "ViewContent",
  content_upload: "CompleteRegistration",
  user_signup: "Lead",
  content_like: "AddToWishlist",
  payment_initiated: "InitiateCheckout",
} as const;

type AnalyticsEvent = keyof typeof PIXEL_EVENTS;
type EventParams = Record<string, string | number | boolean | undefined>;

type Command = (...args: unknown[]) => void;
type Fbq = Command & {
  callMethod?: Command;
  queue: unknown[];
  push: Fbq;
  loaded: boolean;
  version: string;
  disablePushState?: boolean;
};

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Command;
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

type Installed = { gtag: Command | null; fbq: Command | null };

export type MarketingTags = {
  /** Reads the config and loads the tags whose ids are set; runs once, later calls share it. Never rejects. */
  start: () => Promise<void>;
  /** A page view of `path` (path and query), on every route change, the first load included. */
  pageView: (path: string) => void;
  /** An analytics event, forwarded to the tag manager and, mapped, to the ad pixel. */
  trackEvent: (name: AnalyticsEvent | (string & {}), params?: EventParams) => void;
};

const loadConfig = () => api.GET("/api/analytics/config");
const noTags: Installed = { gtag: null, fbq: null };

export function createMarketingTags(getConfig: () => Promise<AnalyticsConfig> = loadConfig): MarketingTags {
  let installed: Promise<Installed> | null = null;

  const start = () => {
    installed ??= getConfig().then(
      (config) => {
        try {
          return install(config);
        } catch (error) {
          console.warn(describeFailure("Failed to load the marketing tags", error).message);
          return noTags;
        }
      },
      (error: unknown) => {
        console.warn(describeFailure("Failed to load analytics config", error).message);
        return noTags;
      },
    );
    return installed.then(() => undefined);
  };

  // Commands wait for the config; their arguments are taken now, so a later navigation cannot change them.
  const send = (run: (tags: Installed) => void) => {
    void start();
    void installed!.then(run);
  };

  return {
    start,
    pageView(path) {
      const url = new URL(path, window.location.origin);
      // The sign-in pages carry the one-time code and state in their URL: third parties get no view of them.
      if (url.pathname.startsWith("/auth/")) return;
      const page = { page_location: thirdPartyLocation(url), page_title: document.title };
      send(({ gtag, fbq }) => {
        gtag?.("event", "page_view", page);
        fbq?.("track", "PageView");
      });
    },
    trackEvent(name, params = {}) {
      const withCurrency = "value" in params && params.value !== undefined ? { currency: "USD", ...params } : params;
      const pixelEvent = Object.hasOwn(PIXEL_EVENTS, name) ? PIXEL_EVENTS[name as AnalyticsEvent] : undefined;
      send(({ gtag, fbq }) => {
        gtag?.("event", name, withCurrency);
        if (pixelEvent) fbq?.("track", pixelEvent, withCurrency);
      });
    },
  };
}

/** The page's address without its query, except the campaign parameters the tag manager attributes by. */
function thirdPartyLocation(url: URL): string {
  const kept = new URLSearchParams();
  for (const [key, value] of url.searchParams) if (key.startsWith("utm_") || key === "gclid") kept.append(key, value);
  const query = kept.toString();
  return `${url.origin}${url.pathname}${query ? `?${query}` : ""}`;
}

function install(config: AnalyticsConfig): Installed {
  const ga4Id = config.ga4_id?.trim();
  const pixelId = config.facebook_pixel_id?.trim();
  return { gtag: ga4Id ? installGtag(ga4Id) : null, fbq: pixelId ? installPixel(pixelId) : null };
}

/** Google's gtag.js snippet, with automatic page views off. */
function installGtag(id: string): Command {
  const dataLayer = (window.dataLayer ??= []);
  if (!window.gtag) {
    // gtag.js only reads Arguments objects from the data layer, not arrays: keep `arguments`.
    window.gtag = function gtag() {
      // eslint-disable-next-line prefer-rest-params
      dataLayer.push(arguments);
    };
    window.gtag("js", new Date());
  }
  window.gtag("config", id, { send_page_view: false });
  addScript(`${GTAG_SCRIPT}?id=${encodeURIComponent(id)}`);
  return window.gtag;
}

/** Meta's pixel snippet. The pixel's own history tracking is off: page views come from pageView(). */
function installPixel(id: string): Command {
  if (!window.fbq) {
    const fbq = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue.push(args);
    } as Fbq;
    fbq.push = fbq;
    fbq.loaded = true;
    fbq.version = "2.0";
    fbq.queue = [];
    fbq.disablePushState = true;
    window.fbq = fbq;
    window._fbq ??= fbq;
  }
  window.fbq("init", id);
  addScript(PIXEL_SCRIPT);
  return window.fbq;
}

function addScript(src: string) {
  if ([...document.scripts].some((script) => script.src === src)) return;
  const script = document.createElement("script");
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** The app's tags: started by usePageTracking at the root. */
export const marketingTags = createMarketingTags();

/** Sends an analytics event (video_play, content_upload, user_signup, content_like, payment_initiated…). */
export const trackEvent: MarketingTags["trackEvent"] = (name, params) => marketingTags.trackEvent(name, params);
