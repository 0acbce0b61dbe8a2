import { describe, expect, it } from "vitest";
import { devLoginWarning, type Settings } from "../../lib/env";
import { devLoginRefusal } from "./dev-login";
import { isLoopbackAddress, isLoopbackHost, remoteRequestSign } from "./local-request";

const settings = (over: Partial<Settings> = {}): Settings => ({
  sessionSecret: "x".repeat(32),
  googleClientId: "",
  googleClientSecret: "",
  adminEmails: new Set(),
  devLogin: true,
  thumbsOrigin: null,
  trafficGatherMs: 0,
  ...over,
});
const local = new URL("http://localhost:5173/api/sessions");
// What `npm run dev` sends: the Vite plugin's X-Forwarded-Host and Miniflare's CF-Connecting-IP.
const viteHeaders = { "x-forwarded-host": "localhost:5173", "cf-connecting-ip": "127.0.0.1" };

describe("the local sign-in's guards (docs/decisions/017: it trusted the Host header alone)", () => {
  it("accepts this machine as the tests, `npm run dev` and the e2e suite reach it", () => {
    expect(devLoginRefusal(settings(), local, new Headers())).toBeNull();
    expect(devLoginRefusal(settings(), local, new Headers(viteHeaders))).toBeNull();
    expect(
      devLoginRefusal(
        settings(),
        new URL("http://127.0.0.1:5174/"),
        new Headers({ "cf-connecting-ip": "::1", "x-forwarded-host": "127.0.0.1:5174" }),
      ),
    ).toBeNull();
    expect(
      devLoginRefusal(
        settings(),
        new URL("http://[::1]:5173/"),
        new Headers({
          "x-forwarded-for": "127.0.0.1, ::ffff:127.0.0.2",
          forwarded: 'for="[::1]:4711";host=localhost:5173',
        }),
      ),
    ).toBeNull();
    // The test setup's secret and the empty one of .dev.vars.example are placeholders.
    expect(devLoginRefusal(settings({ googleClientSecret: "test-client-secret" }), local, new Headers())).toBeNull();
  });

  it("refuses a request whose forwarding headers name another machine, whatever its Host says", () => {
    for (const [name, value] of [
      ["x-forwarded-for", "203.0.113.9"],
      ["x-forwarded-for", "127.0.0.1, 203.0.113.9"],
      ["x-real-ip", "198.51.100.4"],
      ["true-client-ip", "198.51.100.4"],
      ["cf-connecting-ip", "203.0.113.9"],
      ["cf-connecting-ip", "2001:db8::1"],
      ["x-forwarded-host", "reelpay.example"],
      ["x-forwarded-host", "localhost.evil.example"],
      ["forwarded", "for=203.0.113.9"],
      ["forwarded", "for=127.0.0.1;host=reelpay.example"],
      ["forwarded", "for=unknown"],
    ]) {
      const refusal = devLoginRefusal(settings(), local, new Headers({ ...viteHeaders, [name!]: value! }));
      expect(refusal, `${name}: ${value}`).toBe(
        `Local sign-in is refused: the request did not come from this machine (${name})`,
      );
    }
    expect(devLoginRefusal(settings(), new URL("https://reelpay.example/"), new Headers())).toMatch(/\(Host\)$/);
  });

  it("refuses when a real Google client secret is configured, and when DEV_LOGIN is off", () => {
    expect(
      devLoginRefusal(settings({ googleClientSecret: "GOCSPX-abcdefghijklmnopqrstuvwxyz12" }), local, new Headers()),
    ).toMatch(/Google client secret is configured/);
    expect(devLoginRefusal(settings({ googleClientSecret: "s3cr3t-from-the-console" }), local, new Headers())).toMatch(
      /Google client secret is configured/,
    );
    expect(devLoginRefusal(settings({ devLogin: false }), local, new Headers())).toBe("Local sign-in is not enabled");
  });

  it("says loudly what DEV_LOGIN risks, and that a configured secret turns it off", () => {
    expect(devLoginWarning(settings({ devLogin: false }))).toBeNull();
    expect(devLoginWarning(settings())).toMatch(
      /^DEV_LOGIN=true: .*sign in as any email, admins included\. Never set it outside local development/,
    );
    expect(devLoginWarning(settings({ googleClientSecret: "GOCSPX-real" }))).toMatch(
      /GOOGLE_CLIENT_SECRET is set as well.*refused/,
    );
  });

  it("knows loopback addresses and hosts in their usual spellings", () => {
    for (const a of [
      "127.0.0.1",
      "127.1.2.3",
      "::1",
      "[::1]",
      "[::1]:8080",
      "127.0.0.1:5173",
      "::ffff:127.0.0.1",
      '"[::1]:4711"',
    ])
      expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ["", "10.0.0.1", "128.0.0.1", "127.0.0.1.evil", "::2", "localhost"])
      expect(isLoopbackAddress(a), a).toBe(false);
    for (const h of ["localhost", "LOCALHOST:5173", "127.0.0.1:5174", "[::1]", "[::1]:5173"])
      expect(isLoopbackHost(h), h).toBe(true);
    for (const h of ["reelpay.example", "localhost.evil.example", "evil.example:80"])
      expect(isLoopbackHost(h), h).toBe(false);
    expect(remoteRequestSign(local, new Headers())).toBeNull();
  });
});
