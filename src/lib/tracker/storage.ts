// Web storage that may be missing: private modes and locked-down browsers throw on access, and tracking
// must never break the app. Without it the tracker keeps its state in memory for this page load.

export type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function memoryStore(): KeyValueStore {
  const items = new Map<string, string>();
  return {
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

const fallbacks = { local: memoryStore(), session: memoryStore() };

/** window.localStorage or window.sessionStorage when usable, else an in-memory stand-in. */
export function browserStore(kind: "local" | "session"): KeyValueStore {
  try {
    const storage = kind === "local" ? window.localStorage : window.sessionStorage;
    const probe = "reelpay.probe";
    storage.setItem(probe, "1");
    storage.removeItem(probe);
    return storage;
  } catch {
    return fallbacks[kind];
  }
}

/** The stored JSON under `key`, or null when missing or not JSON. */
export function readJson(store: KeyValueStore, key: string): unknown {
  try {
    const text = store.getItem(key);
    return text === null ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

/** Stores `value` as JSON; a full or refusing storage is ignored (tracking is best effort). */
export function writeJson(store: KeyValueStore, key: string, value: unknown) {
  try {
    store.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled after the probe: this page view simply is not remembered.
  }
}
