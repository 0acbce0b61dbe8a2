// Keyset pagination cursors: opaque to clients, validated on the way back in (a bad cursor is invalid input).
import { badRequest } from "../../lib/errors";

export type Cursor = { key: string | number; id: string };

/** `order`, when given, names the order the cursor pages through; decodeCursor then takes it back in that order only. */
export function encodeCursor(cursor: Cursor, order?: string): string {
  const parts = order === undefined ? [cursor.key, cursor.id] : [cursor.key, cursor.id, order];
  return btoa(JSON.stringify(parts)).replace(/=+$/, "");
}

/**
 * The cursor, or null without one. With `order`, a cursor made for another order (or for none) is invalid
 * input: its key means nothing in this order, and following it would give wrong pages (docs/decisions/100).
 * `untaggedToo` still takes one made before cursors named their order, for a list asked in its default order.
 */
export function decodeCursor(text: string | undefined, order?: string, untaggedToo = false): Cursor | null {
  if (!text) return null;
  let parts: unknown[] | null = null;
  try {
    const parsed: unknown = JSON.parse(atob(text));
    if (Array.isArray(parsed)) parts = parsed;
  } catch {
    // fall through to the error below
  }
  const [key, id, made] = parts ?? [];
  if (!parts || !(typeof key === "string" || typeof key === "number") || typeof id !== "string") {
    throw badRequest("cursor: invalid pagination cursor");
  }
  if (order !== undefined && made !== order && !(untaggedToo && made === undefined)) {
    throw badRequest(`cursor: this cursor pages another sort than ${order}; start again without it`);
  }
  return { key, id };
}
