import type { Context } from "hono";
import { createMiddleware } from "hono/factory";
import type { AppEnv } from "../app-env";
import { type LimitCheck, withinLimits } from "../db/queries/auth/rate-limits";
import { isLoopbackAddress } from "../domain/auth/local-request";
import { addressGroupHash } from "../lib/address-group";
import { rateLimited } from "../lib/errors";
import { NEW_ACCOUNT_DAYS } from "../../common/comments";
import { HOUR_WINDOW_MS, secondsLeftInWindow, WINDOW_MS } from "../lib/rate-window";

// Per-address limits for requests that cost more than a read (docs/decisions/017), and per-member limits for
// what a signed-in script could repeat from many addresses (reports, docs/decisions/027; uploads and playback
// starts, docs/decisions/030). An address is its address group (an IPv4 address, an IPv6 /64). Each limit is
// far above what an honest person does, even a household or an office behind one address.

/**
 * One limit: `limit` requests a minute or an hour, per address group (CF-Connecting-IP, which Cloudflare sets
 * and clients cannot) or per signed-in member (whatever their address), answered 429 with `message` beyond it.
 */
export type Limit = { name: string; by: "address" | "member"; limit: number; per: "minute" | "hour"; message: string };

/** The key a limit counts this request under, or null when it does not apply to it. */
async function keyOf(c: Context<AppEnv>, { name, by }: Limit) {
  if (by === "member") {
    const user = c.get("user");
    return user ? `${name}:${user.id}` : null;
  }
  // Requests without an address (only the tests' SELF.fetch) and from this machine (`npm run dev`, the e2e
  // suite, the benchmarks: Miniflare sets the loopback address) are not counted: production never sees either.
  const ip = c.req.header("cf-connecting-ip")?.trim();
  if (!ip || isLoopbackAddress(ip)) return null;
  return `${name}:${await addressGroupHash(c.get("settings").sessionSecret, ip)}`;
}

/** Counts the request against every limit that applies to it, in one round trip; 429 for the first exceeded. */
function limitRequests(...limits: Limit[]) {
  return createMiddleware<AppEnv>(async (c, next) => {
    const counted: { limit: Limit; check: LimitCheck }[] = [];
    for (const limit of limits) {
      const key = await keyOf(c, limit);
      if (key) counted.push({ limit, check: { key, limit: limit.limit, window: limit.per } });
    }
    const nowMs = Date.now();
    const within = await withinLimits(
      c.env.DB,
      counted.map((x) => x.check),
      nowMs,
    );
    const exceeded = counted.find((_, i) => !within[i]);
    if (exceeded) {
      c.header(
        "Retry-After",
        String(secondsLeftInWindow(nowMs, exceeded.limit.per === "hour" ? HOUR_WINDOW_MS : WINDOW_MS)),
      );
      throw rateLimited(exceeded.limit.message);
    }
    await next();
  });
}

/** Sign-in requests (the redirect URL and the code exchange together): 30 complete sign-ins a minute. */
export const SIGN_IN_PER_MINUTE = 60;

export const signInLimit = limitRequests({
  name: "sign-in",
  by: "address",
  limit: SIGN_IN_PER_MINUTE,
  per: "minute",
  message: "Too many sign-in attempts from this address. Please wait a minute and try again.",
});

/** Upload signatures: a bulk upload signs each file and its thumbnail one after another, about 2 a second at most. */
export const UPLOAD_SIGNS_PER_MINUTE = 120;
/**
 * Upload signatures per member and hour, whatever their addresses (docs/decisions/030): an item is two
 * signatures (the file and its thumbnail), so 60 lets a creator publish 30 items in an hour, more than a
 * season of episodes; a script signing hundreds (285 in 5 s was seen) is stopped at 60, and the storage
 * quota bounds what those 60 may reserve.
 */
export const UPLOAD_SIGNS_PER_HOUR = 60;

export const uploadSignLimit = limitRequests(
  {
    name: "upload-sign",
    by: "address",
    limit: UPLOAD_SIGNS_PER_MINUTE,
    per: "minute",
    message: "Too many uploads started from this address. Please wait a minute and try again.",
  },
  {
    name: "upload-sign-member",
    by: "member",
    limit: UPLOAD_SIGNS_PER_HOUR,
    per: "hour",
    message: "You have started too many uploads in the last hour. Please wait a while and try again.",
  },
);

/** Reports of items (docs/decisions/027): far more than anyone flags in an hour, far fewer than a script would. */
export const REPORTS_PER_HOUR = 20;

export const reportLimit = limitRequests({
  name: "report",
  by: "member",
  limit: REPORTS_PER_HOUR,
  per: "hour",
  message: "You have sent too many reports in the last hour. Please wait a while and try again.",
});

/**
 * Appeals per member (docs/decisions/092): each action is appealed once anyway, so this only stops a script
 * walking through action ids; a member with many items taken down at once still appeals them all within a day.
 */
export const APPEALS_PER_HOUR = 10;

export const appealLimit = limitRequests({
  name: "appeal",
  by: "member",
  limit: APPEALS_PER_HOUR,
  per: "hour",
  message: "You have sent too many appeals in the last hour. Please wait a while and try again.",
});

/**
 * Playback starts (new views) per member (docs/decisions/030). Someone skimming clips starts one every few
 * seconds at most, and an evening of short items stays well under 600 an hour; a script opening views by
 * the hundred (300 in 6 s was seen) is stopped at 60. The player treats a refusal like any failed start:
 * the media plays on and the view simply is not counted.
 */
export const PLAYBACK_STARTS_PER_MINUTE = 60;
export const PLAYBACK_STARTS_PER_HOUR = 600;

export const playbackStartLimit = limitRequests(
  {
    name: "playback-start",
    by: "member",
    limit: PLAYBACK_STARTS_PER_MINUTE,
    per: "minute",
    message: "You have started too many views in a short time; this one will not count. Please wait a minute.",
  },
  {
    name: "playback-start",
    by: "member",
    limit: PLAYBACK_STARTS_PER_HOUR,
    per: "hour",
    message: "You have started too many views in the last hour; this one will not count. Please wait a while.",
  },
);

/**
 * Follows and unfollows per member (docs/decisions/064). Someone working through a list of creators clicks
 * one every couple of seconds at most, and nobody changes whom they follow 300 times in an hour; a script
 * (97 follows in 1.7 s was seen) is stopped at 30. Follow and unfollow share the count, so flipping one
 * creator back and forth is bounded too.
 */
export const FOLLOWS_PER_MINUTE = 30;
export const FOLLOWS_PER_HOUR = 300;

export const followLimit = limitRequests(
  {
    name: "follow",
    by: "member",
    limit: FOLLOWS_PER_MINUTE,
    per: "minute",
    message: "You're following and unfollowing too fast. Please wait a minute and try again.",
  },
  {
    name: "follow",
    by: "member",
    limit: FOLLOWS_PER_HOUR,
    per: "hour",
    message: "You have followed and unfollowed too many creators in the last hour. Please wait a while and try again.",
  },
);

/**
 * Profile changes per member (bio and links, avatar, banner: docs/decisions/091). Someone editing their page saves
 * a few times a minute at most; a script rewriting a bio to spam followers' screens is stopped at 20.
 */
export const PROFILE_CHANGES_PER_MINUTE = 20;
const PROFILE_CHANGES_PER_HOUR = 120;

export const profileChangeLimit = limitRequests(
  {
    name: "profile",
    by: "member",
    limit: PROFILE_CHANGES_PER_MINUTE,
    per: "minute",
    message: "You're changing your profile too fast. Please wait a minute and try again.",
  },
  {
    name: "profile",
    by: "member",
    limit: PROFILE_CHANGES_PER_HOUR,
    per: "hour",
    message: "You have changed your profile too many times in the last hour. Please wait a while and try again.",
  },
);

/**
 * Playlist writes per member (docs/decisions/090): creating, editing, adding, moving and removing share one
 * count. Reordering by keyboard is one request a key press, so a minute allows a brisk sort of a long list;
 * nobody curates 1,000 changes in an hour, a script filling lists by the thousand is stopped.
 */
export const PLAYLIST_WRITES_PER_MINUTE = 120;
const PLAYLIST_WRITES_PER_HOUR = 1000;

export const playlistWriteLimit = limitRequests(
  {
    name: "playlist-write",
    by: "member",
    limit: PLAYLIST_WRITES_PER_MINUTE,
    per: "minute",
    message: "You're changing playlists too fast. Please wait a minute and try again.",
  },
  {
    name: "playlist-write",
    by: "member",
    limit: PLAYLIST_WRITES_PER_HOUR,
    per: "hour",
    message: "You have changed playlists too often in the last hour. Please wait a while and try again.",
  },
);

/**
 * Comments posted per member (docs/decisions/093): a lively conversation is a comment every few seconds at the
 * very most, so 5 a minute and 60 an hour stop a script, not a person. An account younger than 7 days, the
 * cheapest kind to make for spam, posts 2 a minute and 20 an hour. Both count under one name, so an account
 * turning 7 days old keeps its count.
 */
export const COMMENTS_PER_MINUTE = 5;
const COMMENTS_PER_HOUR = 60;
export const NEW_ACCOUNT_COMMENTS_PER_MINUTE = 2;
const NEW_ACCOUNT_COMMENTS_PER_HOUR = 20;

const commentLimits = (perMinute: number, perHour: number) =>
  limitRequests(
    {
      name: "comment",
      by: "member",
      limit: perMinute,
      per: "minute",
      message: "You're commenting too fast. Please wait a minute and try again.",
    },
    {
      name: "comment",
      by: "member",
      limit: perHour,
      per: "hour",
      message: "You have posted too many comments in the last hour. Please wait a while and try again.",
    },
  );
const establishedCommentLimit = commentLimits(COMMENTS_PER_MINUTE, COMMENTS_PER_HOUR);
const newAccountCommentLimit = commentLimits(NEW_ACCOUNT_COMMENTS_PER_MINUTE, NEW_ACCOUNT_COMMENTS_PER_HOUR);

export const commentLimit = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.get("user");
  const young = !user || Date.now() - Date.parse(user.createdAt) < NEW_ACCOUNT_DAYS * 24 * 3600_000;
  return (young ? newAccountCommentLimit : establishedCommentLimit)(c, next);
});

/**
 * oEmbed lookups per address (docs/decisions/099): a site asks once per link it shows, and caches the answer; a
 * busy chat server behind one address stays well under 120 a minute, a script walking ids is stopped.
 */
export const OEMBED_PER_MINUTE = 120;

export const oembedLimit = limitRequests({
  name: "oembed",
  by: "address",
  limit: OEMBED_PER_MINUTE,
  per: "minute",
  message: "Too many oEmbed requests from this address. Please wait a minute and try again.",
});

/**
 * Embedded media requests per address (docs/decisions/099): a player makes a request at the start and one for
 * each seek, so a household watching several embeds makes a few dozen a minute; 300 stops a script mirroring
 * the catalogue through the public route, without a session to hold it to account. Counted by the Workers
 * rate limiter (wrangler.jsonc `EMBED_MEDIA_LIMITER`), as the ad beacons are: every Range request of every embed
 * passes here, and a D1 window would write a row for each.
 */
export const EMBED_MEDIA_PER_MINUTE = 300;

export const embedMediaLimit = createMiddleware<AppEnv>(async (c, next) => {
  const ipHash = await addressGroupHash(c.get("settings").sessionSecret, c.req.header("cf-connecting-ip") ?? "local");
  const { success } = await c.env.EMBED_MEDIA_LIMITER.limit({ key: ipHash });
  if (!success) throw rateLimited("Too many embedded plays from this address. Please wait a minute and try again.");
  await next();
});
