import { env } from "cloudflare:test";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { app } from "../app";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { stubGoogle } from "../test/google-stub";

const PROD = "https://reelpay.test";

async function startGoogleSignIn(browser: Browser) {
  const res = await browser.fetch("/api/oauth/google/redirect_url");
  expect(res.status).toBe(200);
  const { redirectUrl } = await res.json<{ redirectUrl: string }>();
  return new URL(redirectUrl);
}

describe("Google sign-in (real code path, Google's endpoints stubbed)", () => {
  let google: Awaited<ReturnType<typeof stubGoogle>>;
  beforeAll(async () => {
    google = await stubGoogle();
  });
  afterAll(() => google.restore());

  it("redirects to Google with PKCE and state, then signs in with a valid ID token", async () => {
    const browser = new Browser(PROD);
    const url = await startGoogleSignIn(browser);
    expect(url.origin).toBe("https://accounts.google.com");
    expect(url.searchParams.get("code_challenge_method")).toBe("S256");
    expect(url.searchParams.get("redirect_uri")).toBe(`${PROD}/auth/callback`);
    expect(url.searchParams.get("client_id")).toBe("test-client-id.apps.googleusercontent.com");
    const state = url.searchParams.get("state")!;
    expect(state.length).toBeGreaterThan(20);

    const email = uniqueEmail("google");
    google.willIssue(await google.idToken({ email }));
    const res = await browser.json("/api/sessions", "POST", { code: "google-code", state });
    expect(res.status).toBe(200);
    const body = await res.json<{ user: { email: string; is_admin: number } }>();
    expect(body.user).toMatchObject({ email, is_admin: 0 });
    // The verifier sent to Google is the one whose challenge went into the redirect.
    const sent = google.tokenRequests.at(-1)!;
    expect(sent.get("code")).toBe("google-code");
    expect(sent.get("code_verifier")?.length).toBeGreaterThan(40);

    const me = await browser.fetch("/api/users/me");
    expect(me.status).toBe(200);
    expect(await me.json()).toMatchObject({ email });
  });

  // Each refusal names the reason jose (or our email check) gives, so a test cannot pass for another reason.
  const refusals: [string, RegExp | null, (g: typeof google, email: string) => Promise<string>][] = [
    ["a forged signature", /signature verification failed/, (g, email) => g.idToken({ email }, { forged: true })],
    ["an expired token", /"exp" claim/, (g, email) => g.idToken({ email, exp: Math.floor(Date.now() / 1000) - 600 })],
    [
      "a wrong audience",
      /"aud" claim/,
      (g, email) => g.idToken({ email, aud: "someone-else.apps.googleusercontent.com" }),
    ],
    ["a wrong issuer", /"iss" claim/, (g, email) => g.idToken({ email, iss: "https://evil.example.com" })],
    ["an unverified email", null, (g, email) => g.idToken({ email, email_verified: false })],
  ];
  for (const [what, reason, makeToken] of refusals) {
    it(`refuses ${what} and creates no account`, async () => {
      const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
      const browser = new Browser(PROD);
      const state = (await startGoogleSignIn(browser)).searchParams.get("state")!;
      const email = uniqueEmail("refused");
      google.willIssue(await makeToken(google, email));
      const res = await browser.json("/api/sessions", "POST", { code: "google-code", state });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ error: "Google sign-in could not be verified" });
      expect(browser.cookies.has("__Host-rp_session")).toBe(false);
      const row = await env.DB.prepare("select id from users where email = ?").bind(email).first();
      expect(row).toBeNull();
      // The once-per-isolate DEV_LOGIN warning (docs/decisions/017) may land here when this test runs first.
      const warned = warn.mock.calls
        .map((args) => args.join(" "))
        .filter((line) => !line.startsWith("DEV_LOGIN=true"))
        .join("\n");
      if (reason) expect(warned).toMatch(reason);
      else expect(warned).toBe("");
      warn.mockRestore();
    });
  }

  async function googleSignIn(email: string, sub: string) {
    const browser = new Browser(PROD);
    const state = (await startGoogleSignIn(browser)).searchParams.get("state")!;
    google.willIssue(await google.idToken({ email, sub }));
    return { browser, res: await browser.json("/api/sessions", "POST", { code: "google-code", state }) };
  }
  const storedSub = async (email: string) =>
    (
      await env.DB.prepare("select google_sub as sub from users where email = ?")
        .bind(email)
        .first<{ sub: string | null }>()
    )?.sub;

  // Security read (docs/decisions/017): a second Google account with the same email took over the first one's account.
  it("refuses a Google account whose email belongs to an account linked to another Google account", async () => {
    const email = uniqueEmail("linked");
    const first = await googleSignIn(email, "sub-first");
    expect(first.res.status).toBe(200);
    const me = await (await first.browser.fetch("/api/users/me")).json<{ id: string }>();

    const other = await googleSignIn(email, "sub-other");
    expect(other.res.status).toBe(409);
    expect(await other.res.json()).toMatchObject({
      code: "account_linked_elsewhere",
      error:
        "This email address belongs to an account that signs in with a different Google account. Sign in with that one.",
    });
    expect(other.browser.cookies.has("__Host-rp_session")).toBe(false);
    expect(await storedSub(email)).toBe("sub-first");

    // The account's own Google account still signs in, to the same account.
    const again = await googleSignIn(email, "sub-first");
    expect(again.res.status).toBe(200);
    expect(await (await again.browser.fetch("/api/users/me")).json()).toMatchObject({ id: me.id });
  });

  it("links an account made before its first Google sign-in, then keeps that link", async () => {
    const email = uniqueEmail("later-google");
    await signedInBrowser(email);
    expect(await storedSub(email)).toBeNull();
    expect((await googleSignIn(email, "sub-owner")).res.status).toBe(200);
    expect(await storedSub(email)).toBe("sub-owner");
    expect((await googleSignIn(email, "sub-intruder")).res.status).toBe(409);
    expect(await storedSub(email)).toBe("sub-owner");
  });

  it("refuses a wrong state without calling Google", async () => {
    const browser = new Browser(PROD);
    await startGoogleSignIn(browser);
    const before = google.tokenRequests.length;
    const res = await browser.json("/api/sessions", "POST", { code: "google-code", state: "not-the-state" });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: "invalid_state" });
    expect(google.tokenRequests).toHaveLength(before);
  });

  it("refuses a code exchange without the state cookie", async () => {
    const res = await new Browser(PROD).json("/api/sessions", "POST", { code: "c", state: "s" });
    expect(res.status).toBe(400);
  });

  it("refuses local sign-in codes outside localhost", async () => {
    const browser = new Browser(PROD);
    const state = (await startGoogleSignIn(browser)).searchParams.get("state")!;
    const res = await browser.json("/api/sessions", "POST", { code: "dev:admin@example.com", state });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: "dev_login_disabled" });
  });
});

describe("the local sign-in refuses requests from elsewhere (docs/decisions/017)", () => {
  async function localState(browser: Browser, headers: HeadersInit = {}) {
    const res = await browser.fetch("/api/oauth/google/redirect_url", { headers });
    return new URL((await res.json<{ redirectUrl: string }>()).redirectUrl);
  }

  it("accepts what `npm run dev` sends: the Vite plugin's X-Forwarded-Host and a loopback CF-Connecting-IP", async () => {
    const headers = { "x-forwarded-host": "localhost:5173", "cf-connecting-ip": "127.0.0.1" };
    const browser = new Browser();
    const url = await localState(browser, headers);
    expect(url.pathname).toBe("/auth/dev");
    const res = await browser.json(
      "/api/sessions",
      "POST",
      { code: `dev:${uniqueEmail("vite")}`, state: url.searchParams.get("state") },
      headers,
    );
    expect(res.status).toBe(200);
  });

  for (const [name, value] of [
    ["x-forwarded-for", "203.0.113.9"],
    ["x-forwarded-host", "reelpay.example"],
    ["forwarded", "for=203.0.113.9;host=localhost"],
    ["cf-connecting-ip", "203.0.113.9"],
  ] as const) {
    it(`refuses a dev: code sent to localhost through a proxy (${name}), and creates no account`, async () => {
      const browser = new Browser();
      // The redirect URL starts the real Google flow there instead of pointing at the local page.
      expect((await localState(browser, { [name]: value })).origin).toBe("https://accounts.google.com");
      const state = (await localState(browser)).searchParams.get("state");
      const email = uniqueEmail("proxied");
      const res = await browser.json("/api/sessions", "POST", { code: `dev:${email}`, state }, { [name]: value });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({
        code: "dev_login_disabled",
        error: `Local sign-in is refused: the request did not come from this machine (${name})`,
      });
      expect(browser.cookies.has("__Host-rp_session")).toBe(false);
      expect(await env.DB.prepare("select id from users where email = ?").bind(email).first()).toBeNull();
    });
  }

  it("refuses a dev: code when a real Google client secret is configured beside DEV_LOGIN", async () => {
    const configured = { ...env, GOOGLE_CLIENT_SECRET: "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" };
    const redirect = await app.request("http://localhost/api/oauth/google/redirect_url", {}, configured);
    const google = new URL((await redirect.json<{ redirectUrl: string }>()).redirectUrl);
    expect(google.origin).toBe("https://accounts.google.com");
    const cookie = redirect.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const state = google.searchParams.get("state");
    const res = await app.request(
      "http://localhost/api/sessions",
      {
        method: "POST",
        headers: { cookie, origin: "http://localhost", "content-type": "application/json" },
        body: JSON.stringify({ code: "dev:admin@example.com", state }),
      },
      configured,
    );
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({
      code: "dev_login_disabled",
      error: expect.stringMatching(/Google client secret is configured/),
    });
  });
});

describe("local sign-in and sessions", () => {
  it("points the redirect at the local page and signs in through it", async () => {
    const browser = new Browser();
    const res = await browser.fetch("/api/oauth/google/redirect_url");
    const url = new URL((await res.json<{ redirectUrl: string }>()).redirectUrl);
    expect(url.pathname).toBe("/auth/dev");
    const email = uniqueEmail("local");
    const signIn = await browser.json("/api/sessions", "POST", {
      code: `dev:${email}`,
      state: url.searchParams.get("state"),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith("__Host-rp_session="))!;
    expect(cookie).toMatch(/HttpOnly/);
    expect(cookie).toMatch(/Secure/);
    expect(cookie).toMatch(/SameSite=Lax/);
    expect(cookie).toMatch(/Path=\//);
  });

  it("stores only a hash of the session token", async () => {
    const browser = await signedInBrowser(uniqueEmail());
    const token = browser.cookies.get("__Host-rp_session")!;
    const raw = await env.DB.prepare("select count(*) as n from sessions where token_hash = ?").bind(token).first();
    expect(raw?.n).toBe(0);
  });

  it("signs the same person into the same account twice", async () => {
    const email = uniqueEmail();
    const a = await (await signedInBrowser(email)).fetch("/api/users/me");
    const b = await (await signedInBrowser(email.toUpperCase())).fetch("/api/users/me");
    expect((await a.json<{ id: string }>()).id).toBe((await b.json<{ id: string }>()).id);
  });

  it("marks admins from ADMIN_EMAILS", async () => {
    const admin = await signedInBrowser("admin@example.com");
    expect(await (await admin.fetch("/api/users/me")).json()).toMatchObject({ is_admin: 1 });
  });

  it("revokes the session on logout", async () => {
    const browser = await signedInBrowser(uniqueEmail());
    const token = browser.cookies.get("__Host-rp_session")!;
    const out = await browser.fetch("/api/logout");
    expect(out.status).toBe(200);
    expect(browser.cookies.has("__Host-rp_session")).toBe(false);
    // Replaying the old cookie no longer works: the server-side session is gone.
    browser.cookies.set("__Host-rp_session", token);
    expect((await browser.fetch("/api/users/me")).status).toBe(401);
  });

  it("refuses a local sign-in code that is not an email", async () => {
    const browser = new Browser();
    const res = await browser.fetch("/api/oauth/google/redirect_url");
    const state = new URL((await res.json<{ redirectUrl: string }>()).redirectUrl).searchParams.get("state");
    const signIn = await browser.json("/api/sessions", "POST", { code: "dev:not-an-email", state });
    expect(signIn.status).toBe(400);
  });

  it("refuses a missing code with a clear error", async () => {
    const res = await new Browser().json("/api/sessions", "POST", { state: "x" });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(/^code:/);
  });
});
