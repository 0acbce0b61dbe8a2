import { createDb } from "../db/client";
import { settingsOf } from "../lib/env";
import { readSettings } from "../db/queries/settings/settings";
import { AD_DEFAULTS } from "../domain/settings/ad-settings";
import { ANALYTICS_CONFIG_DEFAULTS } from "../domain/settings/analytics-config";
import { spaContentSecurityPolicy } from "./content-security-policy";
import { type ApiFetch, firstPaintHead } from "./first-paint";

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
 * Serves the SPA (static assets, index.html fallback) with security headers that follow the settings; a page
 * also gets what its first screen needs in its <head> (first-paint.ts), through `fetchApi`, the API's own app.
 */
export async function serveSpa(request: Request, env: Env, fetchApi: ApiFetch): Promise<Response> {
  const isPage = request.method === "GET" && (request.headers.get("accept") ?? "").includes("text/html");
  // A page is written anew each time (its head depends on the visitor and the data), so never answer 304 from
  // the file's ETag: ask for the whole file.
  const assetRequest = isPage ? new Request(request.url, { headers: { accept: "text/html" } }) : request;
  // The file, the page's head and the policy (a settings read at most once a minute) are fetched together.
  const [response, head, policy] = await Promise.all([
    env.ASSETS.fetch(assetRequest),
    isPage ? firstPaintHead(request, env.ASSETS, fetchApi, settingsOf(env).thumbsOrigin).catch(() => "") : "",
    isPage ? currentPolicy(env) : null,
  ]);
  if (!response.headers.get("content-type")?.includes("text/html")) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", policy ?? (await currentPolicy(env)));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (head) {
    headers.delete("etag");
    headers.set("cache-control", "no-cache");
  }
  const page = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  return head
    ? new HTMLRewriter().on("head", { element: (e) => void e.append(head, { html: true }) }).transform(page)
    : page;
}
