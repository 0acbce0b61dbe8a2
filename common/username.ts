// The username rules with the spec's exact messages (docs/product-spec.md §5, §8): the profile form checks
// them before asking, the server checks them again (PATCH /api/users/me/username).

const USERNAME_MIN = 3;
export const USERNAME_MAX = 20;

/** The problem with a chosen username, or null when it is fine. */
export function usernameError(raw: string): string | null {
  const name = raw.trim();
  if (!name) return "Username cannot be empty";
  if (name.length < USERNAME_MIN || name.length > USERNAME_MAX) return "Username must be between 3 and 20 characters";
  if (!/^[A-Za-z0-9_]+$/.test(name)) return "Username can only contain letters, numbers, and underscores";
  return null;
}
