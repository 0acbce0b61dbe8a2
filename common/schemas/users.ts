import { z } from "zod";

/**
 * PATCH /api/users/me/username. The schema only bounds the text: the username rules (common/username.ts)
 * are checked by the route on the trimmed name, so their refusals keep the spec's exact words (§8) with no
 * field prefix.
 */
export const usernameChangeBody = z.object({
  username: z.string().max(200, "Username must be between 3 and 20 characters"),
});
export type UsernameChangeBody = z.input<typeof usernameChangeBody>;

/**
 * PATCH /api/users/me/profile: either or both. The schema only bounds the size; the rules (common/profile.ts) are
 * checked by the service on the cleaned text, so their refusals read as the form's. `bio` null or "" clears it;
 * `links` [] clears them.
 */
export const profileChangeBody = z.object({
  bio: z.string().max(10_000, "Bio must be at most 1,000 characters").nullable().optional(),
  links: z
    .array(z.string().max(2_000, "Links must be at most 300 characters"))
    .max(20, "You can add at most 5 links")
    .optional(),
});
export type ProfileChangeBody = z.input<typeof profileChangeBody>;

/** PUT /api/users/me/avatar and /banner: an image the caller uploaded (POST /api/uploads/sign, then its PUT). */
export const profileImageBody = z.object({ image_key: z.string().min(1, "image_key is required").max(512) });

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/users/me, and `user` in POST /api/sessions (docs/product-spec.md §3 "Current user"). */
export const currentUserOut = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  is_admin: z.union([z.literal(0), z.literal(1)]),
  created_at: z.string(),
  /** Suspended by moderators: may sign in and see the wallet, may not upload, like, report or earn. */
  suspended: z.boolean(),
});
export type CurrentUserJson = z.output<typeof currentUserOut>;

/** GET /api/session: who this browser is signed in as, if anyone (a visitor is an answer, not a failure). */
export const sessionOut = z.object({ user: currentUserOut.nullable() });
export type SessionJson = z.output<typeof sessionOut>;

/** A creator's public card (docs/decisions/004): never the email; without a username, the member name. */
const creatorCardOut = z.object({
  id: z.string(),
  username: z.string().nullable(),
  display_name: z.string(),
  created_at: z.string(),
});

/**
 * A creator's profile (docs/decisions/091): plain-text bio, links shown with their host, and the addresses of the
 * avatar and banner (versioned: a new image has a new address). Empty (null, []) when unset, and for everyone
 * but the creator while the creator is suspended.
 */
export const creatorProfileOut = z.object({
  bio: z.string().nullable(),
  links: z.array(z.object({ url: z.string(), host: z.string() })),
  avatar_url: z.string().nullable(),
  banner_url: z.string().nullable(),
});
export type CreatorProfileJson = z.output<typeof creatorProfileOut>;

/** GET /api/users/{id}: the card with the counts the creator page shows. */
export const creatorPageOut = creatorCardOut.extend({
  ...creatorProfileOut.shape,
  video_count: z.number().int(),
  audio_count: z.number().int(),
  /** How many members follow the creator, and whether the caller does (false for a visitor; docs/decisions/046). */
  followers: z.number().int(),
  following: z.boolean(),
  /** The view counts of the creator's visible items, summed (docs/decisions/047). */
  view_count: z.number().int(),
});
export type CreatorPageJson = z.output<typeof creatorPageOut>;

/** DELETE /api/users/me/sessions ("Sign out of all devices"): how many sessions ended, this browser's included. */
export const sessionsEndedOut = z.object({ ended: z.number().int() });
export type SessionsEndedResponse = z.output<typeof sessionsEndedOut>;
