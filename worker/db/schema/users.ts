import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";

export const users = sqliteTable(
  "users",
  {
    id: text("id").primaryKey(),
    email: text("email").notNull(),
    username: text("username"),
    // The form under which two usernames are one name (common/username.ts usernameKey: NFKC, lower-cased for every
    // script; docs/decisions/103), written with the username by setUsername only. Null while there is no username.
    usernameKey: text("username_key"),
    // The name as it reads in Latin letters (common/username.ts usernameSkeleton: Cyrillic, Greek and Armenian
    // lookalikes and the digits 0 and 1 written as the Latin letter; docs/decisions/104), written with the username by
    // setUsername only. Null while there is no username, and for a member whose name read as an earlier member's
    // when migration 0056 backfilled it: the earlier one's skeleton already stands for both.
    usernameSkeleton: text("username_skeleton"),
    // Google's stable subject id; null for accounts made through local sign-in.
    googleSub: text("google_sub"),
    createdAt: text("created_at").notNull(),
    // Suspended by moderators (docs/decisions/027): may sign in and see the wallet; may not upload, like,
    // report, edit or earn, and their items are hidden. Null while in good standing.
    suspendedAt: text("suspended_at"),
    suspendedNote: text("suspended_note"),
    suspendedBy: text("suspended_by"),
    // The member's number: 1, 2, 3… in order of sign-up, given by a trigger on insert (migration 0030). The rows
    // D1 keeps for good about members (view_aggregates.ts, period-close.ts) name them by it, not by the 26-letter
    // id: an integer takes 1 to 4 bytes, which halves to quarters those tables (docs/decisions/058).
    num: integer("num"),
    // The creator's public profile (docs/decisions/091): a bio of plain text, up to 5 links as a JSON array of
    // absolute http(s) URLs, and the R2 keys of their avatar and banner (uploaded images, checked as thumbnails
    // are). Null when unset. Nothing that moves money reads them.
    bio: text("bio"),
    links: text("links"),
    avatarKey: text("avatar_key"),
    bannerKey: text("banner_key"),
  },
  (t) => [
    uniqueIndex("users_num_unique").on(t.num),
    // Emails are stored lower-cased; sign-in looks users up by email.
    uniqueIndex("users_email_unique").on(t.email),
    // Usernames are unique regardless of case in every script ("Ávà" and "ávà" are the same name to a person);
    // SQLite's lower() folds ASCII only, so the key is computed in JavaScript (docs/decisions/103).
    uniqueIndex("users_username_key_unique").on(t.usernameKey),
    // And two names that read as one ("асе" in Cyrillic and "ace", "paypa1" and "paypal") are one name too.
    uniqueIndex("users_username_skeleton_unique").on(t.usernameSkeleton),
    uniqueIndex("users_google_sub_unique").on(t.googleSub),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    // SHA-256 of the cookie token: a leaked database row cannot be replayed as a cookie.
    tokenHash: text("token_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: text("created_at").notNull(),
    expiresAt: text("expires_at").notNull(),
  },
  (t) => [
    // Serves "sign out everywhere" and cleanup of a user's sessions.
    index("sessions_user_idx").on(t.userId),
    // Serves the periodic purge of expired sessions.
    index("sessions_expires_idx").on(t.expiresAt),
  ],
);
