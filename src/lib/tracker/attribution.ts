// Marketing attribution (docs/product-spec.md §3 "Stored attribution record", §5, §9): the utm_* parameters of the URL a
// visitor arrived with, kept in localStorage for 720 hours so later visits are credited to the campaign.
import { readJson, writeJson, type KeyValueStore } from "./storage";

const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
type UtmKey = (typeof UTM_KEYS)[number];
export type UtmFields = Record<UtmKey, string | null>;

export type Attribution = UtmFields & {
  /** When the campaign link was opened (ms since the epoch). */
  timestamp: number;
  /** The path the campaign link led to. */
  landing_page: string;
};

export const ATTRIBUTION_KEY = "reelpay.attribution";
export const ATTRIBUTION_MAX_AGE_MS = 720 * 60 * 60 * 1000;
/** The server refuses longer utm values (worker/domain/traffic/page-visit.ts). */
const MAX_UTM_LENGTH = 200;

export const noUtm = (): UtmFields => ({
  utm_source: null,
  utm_medium: null,
  utm_campaign: null,
  utm_term: null,
  utm_content: null,
});

/** The utm_* parameters of a query string; null when none has a value. */
export function utmFromSearch(search: string): UtmFields | null {
  const params = new URLSearchParams(search);
  const fields = noUtm();
  let any = false;
  for (const key of UTM_KEYS) {
    const value = params.get(key)?.trim().slice(0, MAX_UTM_LENGTH);
    if (value) {
      fields[key] = value;
      any = true;
    }
  }
  return any ? fields : null;
}

/** Older than 720 hours (exactly 720 hours still counts). */
const isExpired = (attribution: Pick<Attribution, "timestamp">, now: number) =>
  now - attribution.timestamp > ATTRIBUTION_MAX_AGE_MS;

/**
 * Saves the attribution of this URL, only when it carries at least one utm parameter (docs/product-spec.md §5). A newer
 * campaign link replaces the stored one (last touch).
 */
export function captureAttribution(
  store: KeyValueStore,
  search: string,
  landingPage: string,
  now: number,
): Attribution | null {
  const utm = utmFromSearch(search);
  if (!utm) return null;
  const attribution: Attribution = { ...utm, timestamp: now, landing_page: landingPage };
  writeJson(store, ATTRIBUTION_KEY, attribution);
  return attribution;
}

/** The stored attribution; an expired or unreadable one is removed and null is returned. */
export function loadAttribution(store: KeyValueStore, now: number): Attribution | null {
  const stored = readJson(store, ATTRIBUTION_KEY);
  if (stored === null) return null;
  const attribution = parseAttribution(stored);
  if (!attribution || isExpired(attribution, now)) {
    try {
      store.removeItem(ATTRIBUTION_KEY);
    } catch {
      // Storage went away: nothing to clean.
    }
    return null;
  }
  return attribution;
}

function parseAttribution(value: unknown): Attribution | null {
  if (!value || typeof value !== "object") return null;
  const record = value as Record<string, unknown>;
  if (typeof record.timestamp !== "number" || !Number.isFinite(record.timestamp)) return null;
  const utm = noUtm();
  for (const key of UTM_KEYS) {
    const field = record[key];
    utm[key] = typeof field === "string" && field.trim() ? field.trim().slice(0, MAX_UTM_LENGTH) : null;
  }
  const landingPage = typeof record.landing_page === "string" ? record.landing_page : "/";
  return { ...utm, timestamp: record.timestamp, landing_page: landingPage };
}
