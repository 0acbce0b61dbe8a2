import { createDb } from "../db/client";
import { settingsOf } from "../lib/env";
import { readSettings } from "../db/queries/settings/settings";
import { AD_DEFAULTS } from "../domain/settings/ad-settings";
import { ANALYTICS_CONFIG_DEFAULTS } from "../domain/settings/analytics-config";
import { spaContentSecurityPolicy } from "./content-security-policy";
import { type ApiFetch, firstPaintHead } from "./first-paint";
import { shareCardOf, shareHeadTags } from "./share-head";

const CACHE_MS = 60_000;
// Per env object, which is the same for every request of an isolate (as in lib/env.ts).
const cache = new WeakMap<object, { at: number; csp: string }>();
const POLICY_SETTINGS = {
  ...ANALYTICS_CONFIG_DEFAULTS,
  vast_url: AD_DEFAULTS.vast_url,
  ad_hosts: AD_DEFAULTS.ad_hosts,
};

/** The policy for the current settings, re-read at most once a minute per isolate (no D1 call per page). */
async function currentPolicy(env: Env) {
  const cached = cache.get(env);
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.csp;
  // One read for the tag ids and the ad hosts; on failure, the strictest policy (no third party at all).
  const s = await readSettings(createDb(env.DB), POLICY_SETTINGS).catch(() => POLICY_SETTINGS);
  const csp = spaContentSecurityPolicy(s, s, settingsOf(env).thumbsOrigin);
  cache.set(env, { at: Date.now(), csp });
  return csp;
}

/**
 * The API's answers shared within one page request: the first-paint answers and the page head's card may both
 * ask for the same visitor's read (a creator page), which is then made once (docs/decisions/099).
 */
function sharedReads(fetchApi: ApiFetch): ApiFetch {
  const pending = new Map<string, Promise<Response>>();
  return async (request) => {
    if (request.method !== "GET" || request.headers.has("cookie")) return fetchApi(request);
    let answer = pending.get(request.url);
    if (!answer) {
      answer = fetchApi(request);
      pending.set(request.url, answer);
    }
    return (await answer).clone();
  };
}

/** The embed page (`/embed/{id}`, docs/decisions/099) is meant to be framed by other sites; no other page is. */
const isEmbedPage = (request: Request) => new URL(request.url).pathname.startsWith("/embed/");

/**
 * Serves the SPA (static assets, index.html fallback) with security headers that follow the settings; a page
 * also gets what its first screen needs in its <head> (first-paint.ts), through `fetchApi`, the API's own app.
 */
/**
 * A request for a page rather than a file: a browser asks for text/html; link-preview crawlers often accept
 * anything (`*\/*`) or say nothing, and must get the page's own head too (docs/decisions/107). An address ending
 * in a file's extension is a file.
 */
function isPageRequest(request: Request) {
  if (request.method !== "GET") return false;
  const accept = request.headers.get("accept") ?? "";
  if (accept.includes("text/html")) return true;
  const anything = accept === "" || accept.includes("*/*");
  return anything && !/\.[a-z0-9]+$/i.test(new URL(request.url).pathname);
}

export async function serveSpa(request: Request, env: Env, apiFetch: ApiFetch): Promise<Response> {
  const fetchApi = sharedReads(apiFetch);
  const isPage = isPageRequest(request);
  // A page is written anew each time (its head depends on the visitor and the data), so never answer 304 from
  // the file's ETag: ask for the whole file.
  const assetRequest = isPage ? new Request(request.url, { headers: { accept: "text/html" } }) : request;
  // The file, the page's head and the policy (a settings read at most once a minute) are fetched together.
  // The shareable pages' own head (title, description, link previews) is read as a visitor whoever asks.
  const [response, firstPaint, card, policy] = await Promise.all([
    env.ASSETS.fetch(assetRequest),
    isPage ? firstPaintHead(request, env.ASSETS, fetchApi, settingsOf(env).thumbsOrigin).catch(() => "") : "",
    isPage ? shareCardOf(new URL(request.url), fetchApi, request.headers.get("cf-connecting-ip")) : null,
    isPage ? currentPolicy(env) : null,
  ]);
  if (!response.headers.get("content-type")?.includes("text/html")) return response;
  const headers = new Headers(response.headers);
  const csp = policy ?? (await currentPolicy(env));
  if (isEmbedPage(request)) {
    // Any site may frame the embed: it shows the player alone, and its views earn nothing (docs/decisions/099).
    headers.set("Content-Security-Policy", csp.replace("frame-ancestors 'none'", "frame-ancestors *"));
    headers.delete("X-Frame-Options");
  } else {
    headers.set("Content-Security-Policy", csp);
    headers.set("X-Frame-Options", "DENY");
  }
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  const head = (card ? shareHeadTags(card) : "") + firstPaint;
  if (head) {
    headers.delete("etag");
    headers.set("cache-control", "no-cache");
  }
  const page = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  if (!head) return page;
  const rewriter = new HTMLRewriter();
  // The page's own title and description replace the generic ones.
  if (card) {
    rewriter.on("title", { element: (e) => void e.remove() });
    rewriter.on('meta[name="description"]', { element: (e) => void e.remove() });
  }
  return rewriter.on("head", { element: (e) => void e.append(head, { html: true }) }).transform(page);
}
