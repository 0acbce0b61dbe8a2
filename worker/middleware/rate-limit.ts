import { createMiddleware } from "hono/factory";
import type { AppEnv, SignedInEnv } from "../app-env";
import { withinLimit } from "../db/queries/rate-limits";
import { isLoopbackAddress } from "../domain/auth/local-request";
import { addressGroupHash } from "../lib/address-group";
import { rateLimited } from "../lib/errors";
import { HOUR_WINDOW_MS, secondsLeftInWindow } from "../lib/rate-window";

// Per-address limits for requests that cost more than a read (docs/decisions/017), and per-member limits for
// what a signed-in script could repeat from many addresses (reports, docs/decisions/027). Each is far above
// what an honest person does, even a household or an office behind one address.

/** Sign-in requests (the redirect URL and the code exchange together): 30 complete sign-ins a minute. */
export const SIGN_IN_PER_MINUTE = 60;
/** Upload signatures: a bulk upload signs each file and its thumbnail one after another, about 2 a second at most. */
export const UPLOAD_SIGNS_PER_MINUTE = 120;

type Limit = { name: string; perMinute: number; message: string };

/**
 * Counts the request against `perMinute` for the caller's address (CF-Connecting-IP, which Cloudflare sets
 * and clients cannot) and answers 429 beyond it. Requests without an address (only the tests' SELF.fetch)
 * and from this machine (`npm run dev`, the e2e suite, the benchmarks: Miniflare sets the loopback address)
 * are not counted: production never sees either.
 */
export function limitPerAddress({ name, perMinute, message }: Limit) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const ip = c.req.header("cf-connecting-ip")?.trim();
    if (ip && !isLoopbackAddress(ip)) {
      const key = `${name}:${await addressGroupHash(c.get("settings").sessionSecret, ip)}`;
      const nowMs = Date.now();
      if (!(await withinLimit(c.env.DB, key, perMinute, nowMs))) {
        c.header("Retry-After", String(secondsLeftInWindow(nowMs)));
        throw rateLimited(message);
      }
    }
    await next();
  });
}

export const signInLimit = limitPerAddress({
  name: "sign-in",
  perMinute: SIGN_IN_PER_MINUTE,
  message: "Too many sign-in attempts from this address. Please wait a minute and try again.",
});

export const uploadSignLimit = limitPerAddress({
  name: "upload-sign",
  perMinute: UPLOAD_SIGNS_PER_MINUTE,
  message: "Too many uploads started from this address. Please wait a minute and try again.",
});

/** Reports of items (docs/decisions/027): far more than anyone flags in an hour, far fewer than a script would. */
export const REPORTS_PER_HOUR = 20;

type MemberLimit = { name: string; perHour: number; perMinute?: number; message: string };

/**
 * Counts the request against `perHour` (and `perMinute`, if given: a burst is refused before it spends the
 * hour) for the signed-in member, whatever their address, and answers 429 beyond either.
 */
export function limitPerMember({ name, perHour, perMinute, message }: MemberLimit) {
  return createMiddleware<SignedInEnv>(async (c, next) => {
    const nowMs = Date.now();
    const key = `${name}:${c.get("user").id}`;
    if (perMinute !== undefined && !(await withinLimit(c.env.DB, key, perMinute, nowMs))) {
      c.header("Retry-After", String(secondsLeftInWindow(nowMs)));
      throw rateLimited(message);
    }
    if (!(await withinLimit(c.env.DB, key, perHour, nowMs, "hour"))) {
      c.header("Retry-After", String(secondsLeftInWindow(nowMs, HOUR_WINDOW_MS)));
      throw rateLimited(message);
    }
    await next();
  });
}

/**
 * Upload signatures per member and hour, whatever their addresses (docs/decisions/030): an item is two
 * signatures (the file and its thumbnail), so 60 lets a creator publish 30 items in an hour, more than a
 * season of episodes; a script signing hundreds (285 in 5 s was seen) is stopped at 60, and the storage
 * quota bounds what those 60 may reserve.
 */
export const UPLOAD_SIGNS_PER_HOUR = 60;

export const uploadSignMemberLimit = limitPerMember({
  name: "upload-sign-member",
  perHour: UPLOAD_SIGNS_PER_HOUR,
  message: "You have started too many uploads in the last hour. Please wait a while and try again.",
});

export const reportLimit = limitPerMember({
  name: "report",
  perHour: REPORTS_PER_HOUR,
  message: "You have sent too many reports in the last hour. Please wait a while and try again.",
});

/**
 * Playback starts (new views) per member (docs/decisions/030). Someone skimming clips starts one every few
 * seconds at most, and an evening of short items stays well under 600 an hour; a script opening views by
 * the hundred (300 in 6 s was seen) is stopped at 60. The player treats a refusal like any failed start:
 * the media plays on and the view simply is not counted.
 */
export const PLAYBACK_STARTS_PER_MINUTE = 60;
export const PLAYBACK_STARTS_PER_HOUR = 600;

export const playbackStartLimit = limitPerMember({
  name: "playback-start",
  perMinute: PLAYBACK_STARTS_PER_MINUTE,
  perHour: PLAYBACK_STARTS_PER_HOUR,
  message: "You have started too many views in a short time; this one will not count. Please wait a minute.",
});
