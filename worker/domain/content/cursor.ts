// Keyset pagination cursors: opaque to clients, validated on the way back in (a bad cursor is invalid input).
import { badRequest } from "../../lib/errors";

export type Cursor = { key: string | number; id: string };

export function encodeCursor(cursor: Cursor): string {
  return btoa(JSON.stringify([cursor.key, cursor.id])).replace(/=+$/, "");
}

export function decodeCursor(text: string | undefined): Cursor | null {
  if (!text) return null;
  try {
    const [key, id] = JSON.parse(atob(text)) as unknown[];
    if ((typeof key === "string" || typeof key === "number") && typeof id === "string") return { key, id };
  } catch {
    // fall through to the error below
  }
  throw badRequest("cursor: invalid pagination cursor");
}
