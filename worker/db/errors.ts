/** True when D1 refused a write because of a unique index (drizzle wraps D1's error in `cause`). */
export function isUniqueViolation(err: unknown): boolean {
  for (let e: unknown = err; e; e = (e as { cause?: unknown }).cause) {
    if (String((e as Error).message ?? e).includes("UNIQUE constraint failed")) return true;
  }
  return false;
}
