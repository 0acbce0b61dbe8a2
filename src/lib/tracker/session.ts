// The analytics session (docs/product-spec.md §4): the first page view in a browser session creates a random id and a
// start time with a page-view count of 1; each later page view adds 1. Kept in sessionStorage (docs/product-spec.md §9),
// so it ends with the tab and survives reloads.
import { readJson, writeJson, type KeyValueStore } from "./storage";

export type AnalyticsSession = { id: string; startedAt: number; pageViews: number };

export const SESSION_KEY = "reelpay.analytics.session";
/** What the server accepts as a session id (worker/domain/traffic/page-visit.ts). */
const SESSION_ID = /^[\w-]{8,64}$/;

/** A random, unguessable id (UUID v4 where available). */
function randomSessionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // randomUUID is missing on plain-HTTP origins; getRandomValues is not.
  return [...crypto.getRandomValues(new Uint8Array(16))].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/** Counts one page view: starts the session on the first one, adds 1 afterwards. Returns the session. */
export function countPageView(
  store: KeyValueStore,
  now: number,
  newId: () => string = randomSessionId,
): AnalyticsSession {
  const current = parseSession(readJson(store, SESSION_KEY));
  const session: AnalyticsSession = current
    ? { ...current, pageViews: current.pageViews + 1 }
    : { id: newId(), startedAt: now, pageViews: 1 };
  writeJson(store, SESSION_KEY, session);
  return session;
}

/** Seconds since the session started (the payload's visit_duration). */
export const secondsSinceStart = (session: AnalyticsSession, now: number) =>
  Math.max(0, Math.floor((now - session.startedAt) / 1000));

function parseSession(value: unknown): AnalyticsSession | null {
  if (!value || typeof value !== "object") return null;
  const { id, startedAt, pageViews } = value as Record<string, unknown>;
  if (typeof id !== "string" || !SESSION_ID.test(id)) return null;
  if (typeof startedAt !== "number" || !Number.isFinite(startedAt)) return null;
  if (typeof pageViews !== "number" || !Number.isInteger(pageViews) || pageViews < 1) return null;
  return { id, startedAt, pageViews };
}
