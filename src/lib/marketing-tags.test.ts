import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { deferred, stubFetch } from "../test/fetch";
import { createMarketingTags, GTAG_SCRIPT, type MarketingTags, PIXEL_EVENTS, PIXEL_SCRIPT } from "./marketing-tags";
import type { AnalyticsConfig } from "../../common/schemas/admin-analytics";

const scriptSrcs = () => [...document.querySelectorAll("script")].map((s) => s.src);
// gtag.js reads Arguments objects from the data layer; compare them as arrays.
const dataLayer = () => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>));
const pixelQueue = () => (window.fbq?.queue ?? []) as unknown[][];
/**
 * Waits until the tags have handled everything sent before: what `start()` resolves with is chained on
 * the installation after each earlier send, so it settles after them.
 */
const handled = (tags: MarketingTags) => tags.start();

function tagsWith(config: AnalyticsConfig) {
  const getConfig = vi.fn(async () => config);
  return { tags: createMarketingTags(getConfig), getConfig };
}

// happy-dom does not download scripts; it reports each one as a load failure on stderr unless told that
// a skipped download counts as loaded.
type HappyDomWindow = Window & { happyDOM?: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } };
beforeAll(() => {
  const happyDOM = (window as HappyDomWindow).happyDOM;
  if (happyDOM) happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
});

afterEach(() => {
  for (const script of document.querySelectorAll("script")) script.remove();
  delete window.dataLayer;
  delete window.gtag;
  delete window.fbq;
  delete window._fbq;
});

describe("marketing tags", () => {
  it("loads nothing and throws nothing when no ids are set", async () => {
    const { tags } = tagsWith({ ga4_id: "", facebook_pixel_id: "" });
    await tags.start();
    tags.pageView("/");
    tags.trackEvent("video_play", { content_id: "c1" });
    await handled(tags);
    expect(scriptSrcs()).toEqual([]);
    expect(window.gtag).toBeUndefined();
    expect(window.fbq).toBeUndefined();
    expect(window.dataLayer).toBeUndefined();
  });

  it("reads the config from the API once per page load", async () => {
    const fetchMock = stubFetch({ "GET /api/analytics/config": { body: { ga4_id: "", facebook_pixel_id: "" } } });
    const tags = createMarketingTags();
    await Promise.all([tags.start(), tags.start()]);
    tags.pageView("/");
    await handled(tags);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(["/api/analytics/config"]);
  });

  it("only logs when the config cannot be read, and loads nothing", async () => {
    stubFetch({ "GET /api/analytics/config": { status: 500, body: { error: "boom", requestId: "r" } } });
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const tags = createMarketingTags();
    await expect(tags.start()).resolves.toBeUndefined();
    tags.pageView("/");
    await handled(tags);
    expect(warn).toHaveBeenCalledWith("Failed to load analytics config: API responded with HTTP status 500");
    expect(scriptSrcs()).toEqual([]);
  });

  it("loads the tag manager with automatic page views off, and sends page views itself", async () => {
    const { tags } = tagsWith({ ga4_id: "G-TEST1234", facebook_pixel_id: "" });
    await tags.start();
    expect(scriptSrcs()).toEqual([`${GTAG_SCRIPT}?id=G-TEST1234`]);
    expect(scriptSrcs()[0]).toBe("https://www.googletagmanager.com/gtag/js?id=G-TEST1234");
    expect(dataLayer()[0]?.[0]).toBe("js");
    expect(dataLayer()[1]).toEqual(["config", "G-TEST1234", { send_page_view: false }]);

    document.title = "Sunset";
    tags.pageView("/content/c1?utm_source=newsletter");
    await handled(tags);
    expect(dataLayer().at(-1)).toEqual([
      "event",
      "page_view",
      { page_location: `${window.location.origin}/content/c1?utm_source=newsletter`, page_title: "Sunset" },
    ]);
    expect(window.fbq).toBeUndefined();
  });

  it("keeps other query parameters, and the sign-in pages, away from the tags", async () => {
    const { tags } = tagsWith({ ga4_id: "G-TEST1234", facebook_pixel_id: "123456789" });
    await tags.start();
    tags.pageView("/auth/callback?code=dev:ava@example.com&state=s3cret");
    tags.pageView("/?search=cats&utm_campaign=launch&gclid=abc");
    await handled(tags);
    const views = dataLayer().filter(([kind, name]) => kind === "event" && name === "page_view");
    expect(views).toEqual([
      [
        "event",
        "page_view",
        { page_location: `${window.location.origin}/?utm_campaign=launch&gclid=abc`, page_title: document.title },
      ],
    ]);
    expect(pixelQueue().filter(([, name]) => name === "PageView")).toHaveLength(1);
  });

  it("loads the ad pixel with page-view tracking, its own history tracking off", async () => {
    const { tags } = tagsWith({ ga4_id: "", facebook_pixel_id: "123456789" });
    await tags.start();
    expect(scriptSrcs()).toEqual([PIXEL_SCRIPT]);
    expect(PIXEL_SCRIPT).toBe("https://connect.facebook.net/en_US/fbevents.js");
    expect(window.fbq?.disablePushState).toBe(true);
    tags.pageView("/");
    tags.pageView("/");
    await handled(tags);
    expect(pixelQueue()).toEqual([
      ["init", "123456789"],
      ["track", "PageView"],
      ["track", "PageView"],
    ]);
    expect(window.gtag).toBeUndefined();
  });

  it("holds page views and events made before the config arrives, then sends them in order", async () => {
    const config = deferred<AnalyticsConfig>();
    const tags = createMarketingTags(() => config.promise);
    tags.pageView("/");
    tags.trackEvent("content_like", { content_id: "c1" });
    // Nothing can be handled before the config: it is what the tags wait on.
    expect(window.fbq).toBeUndefined();
    config.resolve({ ga4_id: "", facebook_pixel_id: "123456789" });
    await handled(tags);
    expect(pixelQueue().slice(1)).toEqual([
      ["track", "PageView"],
      ["track", "AddToWishlist", { content_id: "c1" }],
    ]);
  });

  it("does not add a tag's script twice", async () => {
    await tagsWith({ ga4_id: "G-TEST1234", facebook_pixel_id: "123456789" }).tags.start();
    await tagsWith({ ga4_id: "G-TEST1234", facebook_pixel_id: "123456789" }).tags.start();
    expect(scriptSrcs()).toHaveLength(2);
  });
});

describe("analytics events", () => {
  it.each([
    ["video_play", "ViewContent"],
    ["content_upload", "CompleteRegistration"],
    ["user_signup", "Lead"],
    ["content_like", "AddToWishlist"],
    ["payment_initiated", "InitiateCheckout"],
  ] as const)("%s goes to the tag manager as is and to the pixel as %s", async (event, pixelEvent) => {
    expect(PIXEL_EVENTS[event]).toBe(pixelEvent);
    const { tags } = tagsWith({ ga4_id: "G-TEST1234", facebook_pixel_id: "123456789" });
    tags.trackEvent(event, { content_id: "c1" });
    await handled(tags);
    expect(dataLayer().at(-1)).toEqual(["event", event, { content_id: "c1" }]);
    expect(pixelQueue().at(-1)).toEqual(["track", pixelEvent, { content_id: "c1" }]);
  });

  it("adds the currency USD where a value is sent", async () => {
    const { tags } = tagsWith({ ga4_id: "G-TEST1234", facebook_pixel_id: "123456789" });
    tags.trackEvent("payment_initiated", { value: 25 });
    await handled(tags);
    expect(dataLayer().at(-1)).toEqual(["event", "payment_initiated", { currency: "USD", value: 25 }]);
    expect(pixelQueue().at(-1)).toEqual(["track", "InitiateCheckout", { currency: "USD", value: 25 }]);
  });

  it("sends other events to the tag manager only", async () => {
    const { tags } = tagsWith({ ga4_id: "G-TEST1234", facebook_pixel_id: "123456789" });
    tags.trackEvent("share", { method: "link" });
    tags.trackEvent("constructor");
    await handled(tags);
    expect(dataLayer().slice(-2)).toEqual([
      ["event", "share", { method: "link" }],
      ["event", "constructor", {}],
    ]);
    expect(pixelQueue()).toEqual([["init", "123456789"]]);
  });
});
