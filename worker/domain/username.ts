/** Username rules and their exact messages (spec §5, §8). Returns the error, or null when valid. */
export function usernameError(raw: string): string | null {
  const name = raw.trim();
  if (!name) return "Username cannot be empty";
  if (name.length < 3 || name.length > 20) return "Username must be between 3 and 20 characters";
  if (!/^[A-Za-z0-9_]+$/.test(name)) return "Username can only contain letters, numbers, and underscores";
  return null;
}

/** What a creator is called in public: the username, else the part of the email before the at-sign. */
export function displayName(user: { username: string | null; email: string }): string {
  return user.username || user.email.split("@")[0] || user.email;
}
