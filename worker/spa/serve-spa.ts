import { createDb } from "../db/client";
import { readSettings } from "../db/queries/settings";
import { ANALYTICS_CONFIG_DEFAULTS } from "../domain/settings/analytics-config";
import { spaContentSecurityPolicy } from "./content-security-policy";

const CACHE_MS = 60_000;
let cached: { at: number; csp: string } | null = null;

/** The policy for the current settings, re-read at most once a minute per isolate (no D1 call per page). */
async function currentPolicy(env: Env) {
  if (cached && Date.now() - cached.at < CACHE_MS) return cached.csp;
  const config = await readSettings(createDb(env.DB), ANALYTICS_CONFIG_DEFAULTS).catch(() => ANALYTICS_CONFIG_DEFAULTS);
  cached = { at: Date.now(), csp: spaContentSecurityPolicy(config) };
  return cached.csp;
}

/** Serves the SPA (static assets, index.html fallback) with security headers that follow the settings. */
export async function serveSpa(request: Request, env: Env): Promise<Response> {
  const response = await env.ASSETS.fetch(request);
  if (!response.headers.get("content-type")?.includes("text/html")) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", await currentPolicy(env));
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
