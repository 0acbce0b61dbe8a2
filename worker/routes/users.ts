import { Hono, type Context } from "hono";
import {
  creatorPageOut,
  creatorProfileOut,
  currentUserOut,
  profileChangeBody,
  profileImageBody,
  sessionsEndedOut,
  usernameChangeBody,
  type SessionsEndedResponse,
} from "../../common/schemas/users";
import type { AppEnv, SignedInEnv } from "../app-env";
import { endAllSessions } from "../domain/auth/end-sessions";
import { getCreatorPage } from "../domain/members/creator-page";
import {
  changeProfile,
  getOwnProfile,
  getProfileImage,
  setProfileImage,
  type RetiredProfileImage,
} from "../domain/members/profile";
import type { ProfileImageSlot } from "../db/queries/members/profile";
import { primaryDb } from "../middleware/context";
import { profileChangeLimit } from "../middleware/rate-limit";
import type { Answer } from "../openapi/responds";
import { serveObject } from "./serve-object";
import { forgetImages, profileImagePath, serveAndKeepImage } from "./thumbnail-cache";
import { creatorProfileJson } from "./serializers/creator-profile";
import { changeUsername } from "../domain/username";
import { validate } from "../lib/validate";
import { responds } from "../openapi/responds";
import { clearSessionCookie } from "../middleware/session-cookie";
import { creatorPageJson } from "./serializers/creator-page";
import { currentUserJson } from "./serializers/current-user";

// Any one path segment but "me" (the signed-in /users/me): an address that names no creator, well-formed
// id or not, is a 404 for everyone, so a visitor's creator page can tell "unknown" from "sign in".
const CREATOR_ID = "{(?!me$)[^/]+}";

/**
 * A creator's avatar or banner at its versioned address, as thumbnails are served (docs/decisions/074, 091): a
 * cache hit is answered before this route (app.ts); a miss reads the primary's row (a replica that has not seen a
 * suspension must not put the image in the cache), sends a stale `v` to the current address, and keeps the current
 * image in the edge cache. A suspended creator's image goes to them and admins only, never into a cache.
 */
async function serveProfileImage(c: Context<AppEnv>, slot: ProfileImageSlot) {
  const id = c.req.param("id")!;
  const asked = c.req.query("v");
  const db = c.req.method === "GET" && asked !== undefined ? primaryDb(c.env) : c.get("db");
  const image = await getProfileImage({ ctx: { db, actor: c.get("user") }, input: { id, slot } });
  if (image.hidden) return serveObject(c, { bucket: c.env.MEDIA, key: image.key, cacheControl: "private, no-store" });
  const path = profileImagePath(id, slot, image.version);
  if (asked !== image.version) {
    c.header("Cache-Control", "public, max-age=60");
    return c.redirect(path, 302);
  }
  return serveAndKeepImage(c, { path, key: image.key, label: `${slot} of ${id}` });
}

const imageAnswers = (slot: ProfileImageSlot): Record<number, Answer> => ({
  200: {
    description: `The ${slot} (JPEG, PNG, WebP or GIF). At the current version (\`v\`, as \`${slot}_url\` names it) it is immutable: kept by browsers for a year and served from the edge cache.`,
    media: "image/*",
  },
  206: { description: "The bytes a Range header asked for.", media: "image/*" },
  302: {
    description: "`v` is missing or no longer current: Location is the current version's address (kept a minute).",
  },
  304: { description: "Not modified: the ETag in If-None-Match is current." },
});

const imageNotes = "404 when the creator has none, and while the creator is suspended to all but them and admins.";

/** Public: a creator's page data, avatar and banner. */
export const usersPublicRoutes = new Hono<AppEnv>()
  .get(`/users/:id${CREATOR_ID}/avatar`, responds("Get a creator's avatar", imageAnswers("avatar"), imageNotes), (c) =>
    serveProfileImage(c, "avatar"),
  )
  .get(`/users/:id${CREATOR_ID}/banner`, responds("Get a creator's banner", imageAnswers("banner"), imageNotes), (c) =>
    serveProfileImage(c, "banner"),
  )
  .get(
    `/users/:id${CREATOR_ID}`,
    responds("Get a creator's page", {
      200: {
        description:
          "The creator's public card (never the email), how many videos and audio items they have, their follower count and whether the caller follows them.",
        schema: creatorPageOut,
      },
    }),
    async (c) => {
      const page = await getCreatorPage({
        ctx: { db: c.get("db"), actor: c.get("user") },
        input: { id: c.req.param("id") },
      });
      return c.json(creatorPageJson(page), 200);
    },
  );

/** Signed-in: the current user, their username, and signing out of every device. */
export const usersSignedInRoutes = new Hono<SignedInEnv>()
  .get(
    "/users/me",
    responds("Get the signed-in member", {
      200: { description: "The member this session belongs to.", schema: currentUserOut },
    }),
    (c) => c.json(currentUserJson(c.get("user")), 200),
  )
  .patch(
    "/users/me/username",
    responds("Change my username", {
      200: {
        description: "The member with the new username. 409 (code username_taken) when another member has it.",
        schema: currentUserOut,
      },
    }),
    validate("json", usernameChangeBody),
    async (c) => {
      const user = c.get("user");
      const username = await changeUsername({
        ctx: { db: c.get("db"), actor: user },
        input: { username: c.req.valid("json").username },
      });
      return c.json(currentUserJson({ ...user, username }), 200);
    },
  )
  .delete(
    "/users/me/sessions",
    responds("Sign out of every device", {
      200: {
        description: "How many sessions ended, this browser's included; this browser's cookie is cleared too.",
        schema: sessionsEndedOut,
      },
    }),
    async (c) => {
      const { ended } = await endAllSessions({ ctx: { db: c.get("db"), actor: c.get("user") } });
      // This browser's session was one of them: its cookie goes too, so it is signed out like the others.
      clearSessionCookie(c);
      return c.json({ ended } satisfies SessionsEndedResponse, 200);
    },
  )
  .get(
    "/users/me/profile",
    responds("Get my profile", {
      200: {
        description: "The member's bio, links, avatar and banner, as their creator page shows them.",
        schema: creatorProfileOut,
      },
    }),
    async (c) => {
      const user = await getOwnProfile({ ctx: { db: c.get("db"), actor: c.get("user") } });
      return c.json(creatorProfileJson(user, true), 200);
    },
  );

const profileAnswer = (description: string): Record<number, Answer> => ({
  200: { description, schema: creatorProfileOut },
});

const imageChange = (slot: ProfileImageSlot) => async (c: Context<SignedInEnv>, imageKey: string | null) => {
  const { user, retired } = await setProfileImage({
    ctx: { db: c.get("db"), actor: c.get("user"), bucket: c.env.MEDIA },
    input: { slot, imageKey },
  });
  forgetImages(
    c,
    retired.map((r: RetiredProfileImage) => profileImagePath(r.userId, r.slot, r.version)),
  );
  return c.json(creatorProfileJson(user, true), 200);
};

const putImageNotes = (slot: ProfileImageSlot) =>
  `\`image_key\` is an image the caller uploaded (POST /api/uploads/sign, then its PUT, which refuses a file that is not the image it claims). 400 \`image_too_large\` above the ${slot}'s size; 409 \`upload_used\` for an upload already attached; 429 \`rate_limited\` past 20 profile changes a minute or 120 an hour.`;

/** Signed in and in good standing: changes to one's own profile (docs/decisions/091). */
export const usersActiveRoutes = new Hono<SignedInEnv>()
  .patch(
    "/users/me/profile",
    responds(
      "Change my bio and links",
      profileAnswer("The profile as it now is."),
      "`bio`: plain text, at most 1,000 characters (null or empty clears it). `links`: at most 5 http(s) addresses of at most 300 characters each ([] clears them). 400 with the rule broken; 429 `rate_limited` past 20 profile changes a minute or 120 an hour.",
    ),
    profileChangeLimit,
    validate("json", profileChangeBody),
    async (c) => {
      const user = await changeProfile({ ctx: { db: c.get("db"), actor: c.get("user") }, input: c.req.valid("json") });
      return c.json(creatorProfileJson(user, true), 200);
    },
  )
  .put(
    "/users/me/avatar",
    responds(
      "Set my avatar",
      profileAnswer("The profile with its new avatar; the old image is deleted."),
      putImageNotes("avatar"),
    ),
    profileChangeLimit,
    validate("json", profileImageBody),
    (c) => imageChange("avatar")(c, c.req.valid("json").image_key),
  )
  .delete(
    "/users/me/avatar",
    responds("Remove my avatar", profileAnswer("The profile without an avatar (pages show the initial).")),
    profileChangeLimit,
    (c) => imageChange("avatar")(c, null),
  )
  .put(
    "/users/me/banner",
    responds(
      "Set my banner",
      profileAnswer("The profile with its new banner; the old image is deleted."),
      putImageNotes("banner"),
    ),
    profileChangeLimit,
    validate("json", profileImageBody),
    (c) => imageChange("banner")(c, c.req.valid("json").image_key),
  )
  .delete(
    "/users/me/banner",
    responds("Remove my banner", profileAnswer("The profile without a banner (the page shows a plain one).")),
    profileChangeLimit,
    (c) => imageChange("banner")(c, null),
  );
