// The username rules with the spec's messages (§5), checked before asking the server, which checks
// them again (worker/domain/username.ts). Returns the problem, or null when the name is fine.
export const USERNAME_MAX = 20;

export function usernameProblem(raw: string): string | null {
  const name = raw.trim();
  if (!name) return "Username cannot be empty";
  if (name.length < 3 || name.length > USERNAME_MAX) return "Username must be between 3 and 20 characters";
  if (!/^[A-Za-z0-9_]+$/.test(name)) return "Username can only contain letters, numbers, and underscores";
  return null;
}
