// The visitor tracker (docs/product-spec.md §4 "Analytics session", §5, §9): one call per page view.
import { captureAttribution, loadAttribution } from "./attribution";
import { buildPageVisit, postPageVisit, type PageVisitPayload } from "./page-visit";
import { countPageView } from "./session";
import { browserStore } from "./storage";

export type { PageVisitPayload } from "./page-visit";

export type PageView = { pathname: string; search: string; userId: string | null };

/**
 * Counts a page view in the session, saves the attribution when the URL carries utm parameters (else
 * uses the stored one while it is younger than 720 hours) and posts the visit. Never throws or rejects.
 */
export function trackPageView(view: PageView, now = Date.now()): { payload: PageVisitPayload; sent: Promise<boolean> } {
  const session = countPageView(browserStore("session"), now);
  const local = browserStore("local");
  const attribution = captureAttribution(local, view.search, view.pathname, now) ?? loadAttribution(local, now);
  const payload = buildPageVisit({
    session,
    attribution,
    pagePath: view.pathname,
    // document.referrer stays the page that linked to the app for every in-app navigation, so the server
    // credits the whole session to the same referring site.
    referrer: document.referrer,
    userId: view.userId,
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    now,
  });
  return { payload, sent: postPageVisit(payload) };
}
