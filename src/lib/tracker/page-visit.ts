// The page-visit payload (docs/product-spec.md §3) and its delivery to POST /api/analytics/track (docs/product-spec.md §7).
import type { PageVisitBody } from "../../../common/schemas/traffic";
import { describeFailure } from "../api";
import { noUtm, type Attribution, type UtmFields } from "./attribution";
import { detectBrowser, detectDeviceType, type Browser, type DeviceType } from "./device";
import { secondsSinceStart, type AnalyticsSession } from "./session";

export type PageVisitPayload = UtmFields & {
  session_id: string;
  /** Informational: the server takes the user from the session cookie and ignores this. */
  user_id: string | null;
  page_path: string;
  referrer: string | null;
  /** Seconds since the session started. */
  visit_duration: number;
  /** Page views in this session so far, this one included. */
  page_views: number;
  device_type: DeviceType;
  browser: Browser;
  user_agent: string | null;
};

const TRACK_URL = "/api/analytics/track";

// The server's bounds (worker/domain/traffic/page-visit.ts); longer values would make it refuse the visit.
const MAX_PATH = 512;
const MAX_REFERRER = 1024;
const MAX_USER_AGENT = 512;
const MAX_DURATION = 7 * 24 * 3600;

export type VisitContext = {
  session: AnalyticsSession;
  attribution: Attribution | null;
  pagePath: string;
  referrer: string;
  userId: string | null;
  userAgent: string;
  maxTouchPoints: number;
  now: number;
};

export function buildPageVisit(c: VisitContext): PageVisitPayload {
  const utm = noUtm();
  if (c.attribution) for (const key of Object.keys(utm) as (keyof UtmFields)[]) utm[key] = c.attribution[key];
  return {
    session_id: c.session.id,
    user_id: c.userId,
    page_path: c.pagePath.slice(0, MAX_PATH) || "/",
    referrer: c.referrer.slice(0, MAX_REFERRER) || null,
    visit_duration: Math.min(secondsSinceStart(c.session, c.now), MAX_DURATION),
    page_views: c.session.pageViews,
    device_type: detectDeviceType(c.userAgent, c.maxTouchPoints),
    browser: detectBrowser(c.userAgent),
    user_agent: c.userAgent.slice(0, MAX_USER_AGENT) || null,
    ...utm,
  };
}

/**
 * Sends one visit. Never rejects: a failure (ad blocker, rate limit, offline) is logged only (docs/product-spec.md §8).
 * `keepalive` lets the request finish when the visitor leaves right after the navigation.
 */
export async function postPageVisit(payload: PageVisitPayload): Promise<boolean> {
  try {
    const response = await fetch(TRACK_URL, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(payload satisfies PageVisitBody),
      credentials: "same-origin",
      keepalive: true,
    });
    if (!response.ok) {
      console.warn(`Failed to record page visit: API responded with HTTP status ${response.status}`);
      return false;
    }
    return true;
  } catch (error) {
    console.warn(describeFailure("Failed to record page visit", error).message);
    return false;
  }
}
