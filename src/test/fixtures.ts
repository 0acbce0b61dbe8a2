import type { CurrentUserJson } from "../../common/schemas/users";

// Users as GET /api/users/me returns them, for component and store tests.

export const ava: CurrentUserJson = {
  id: "01J000000000000000000000AV",
  email: "ava@example.com",
  username: "ava",
  is_admin: 0,
  created_at: "2025-01-01T00:00:00.000Z",
  suspended: false,
};

/** An admin who has not chosen a username, so screens fall back to the email. */
export const admin: CurrentUserJson = {
  ...ava,
  id: "01J000000000000000000000AD",
  email: "admin@example.com",
  username: null,
  is_admin: 1,
};

/** A member moderators suspended (docs/decisions/027): signed in, but may not upload, like, report or earn. */
export const suspendedAva: CurrentUserJson = { ...ava, suspended: true };
