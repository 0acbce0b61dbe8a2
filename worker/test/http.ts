import { SELF } from "cloudflare:test";

const ORIGIN = "http://localhost";

/** A tiny cookie jar: enough to carry the OAuth and session cookies between calls like a browser. */
export class Browser {
  cookies = new Map<string, string>();

  /** `origin` other than localhost behaves like production: local sign-in is refused there. */
  constructor(readonly origin = ORIGIN) {}

  async fetch(path: string, init: RequestInit = {}) {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set("cookie", [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    if (init.body && !headers.has("content-type")) headers.set("content-type", "application/json");
    if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", this.origin);
    const res = await SELF.fetch(`${this.origin}${path}`, { ...init, headers, redirect: "manual" });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [name, ...rest] = pair!.split("=");
      const value = rest.join("=");
      const expired = attrs.some((a) => /max-age=0/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name!.trim());
      else this.cookies.set(name!.trim(), value);
    }
    return res;
  }

  json(path: string, method: string, body: unknown, headers: HeadersInit = {}) {
    return this.fetch(path, { method, body: JSON.stringify(body), headers });
  }
}

/** Signs in through the real local sign-in flow (docs/architecture.md §4): redirect URL, state cookie, code exchange. */
export async function signedInBrowser(email: string) {
  const browser = new Browser();
  const redirect = await browser.fetch("/api/oauth/google/redirect_url");
  const { redirectUrl } = await redirect.json<{ redirectUrl: string }>();
  const state = new URL(redirectUrl).searchParams.get("state")!;
  const res = await browser.json("/api/sessions", "POST", { code: `dev:${email}`, state });
  if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
  return browser;
}

let counter = 0;
/** Unique emails per test, so tests never depend on each other's rows. */
export const uniqueEmail = (prefix = "user") => `${prefix}-${Date.now().toString(36)}-${++counter}@example.com`;
