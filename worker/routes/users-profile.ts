import { Hono, type Context } from "hono";
import { creatorProfileOut, profileChangeBody, profileImageBody } from "../../common/schemas/users";
import type { AppEnv, SignedInEnv } from "../app-env";
import type { ProfileImageSlot } from "../db/queries/members/profile";
import {
  changeProfile,
  getOwnProfile,
  getProfileImage,
  setProfileImage,
  type RetiredProfileImage,
} from "../domain/members/profile";
import { validate } from "../lib/validate";
import { primaryDb } from "../middleware/context";
import { profileChangeLimit } from "../middleware/rate-limit";
import { responds, type Answer } from "../openapi/responds";
import { creatorProfileJson } from "./serializers/creator-profile";
import { serveObject } from "./serve-object";
import { forgetImages, profileImagePath, serveAndKeepImage } from "./thumbnail-cache";
import { CREATOR_ID } from "./users";

// A creator's profile (docs/decisions/091): their avatar and banner for everyone, their own profile for the editor,
// and its changes for members in good standing.

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

/** Public: a creator's avatar and banner. */
export const profilePublicRoutes = new Hono<AppEnv>()
  .get(`/users/:id${CREATOR_ID}/avatar`, responds("Get a creator's avatar", imageAnswers("avatar"), imageNotes), (c) =>
    serveProfileImage(c, "avatar"),
  )
  .get(`/users/:id${CREATOR_ID}/banner`, responds("Get a creator's banner", imageAnswers("banner"), imageNotes), (c) =>
    serveProfileImage(c, "banner"),
  );

/** Signed in: one's own profile, whatever one's standing (the editor reads it). */
export const profileSignedInRoutes = new Hono<SignedInEnv>().get(
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
export const profileActiveRoutes = new Hono<SignedInEnv>()
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
