// The device fingerprint sent with each playback start (docs/product-spec.md §7), so the server can tell devices apart
// when it counts unique views (docs/architecture.md §4 "Challenges"). Only stable traits: nothing that changes
// between visits (window size, battery), and nothing stored on the device.

/** The traits, joined; exported so tests can see what goes in. */
export function deviceTraits(): string {
  const nav = globalThis.navigator;
  const screen = globalThis.screen;
  let timeZone = "";
  try {
    timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "";
  } catch {
    // Some embedded browsers have no time zone data; the other traits still tell devices apart.
  }
  return [
    nav?.userAgent,
    nav?.language,
    nav?.platform,
    screen ? `${screen.width}x${screen.height}x${screen.colorDepth}` : "",
    timeZone,
    nav?.hardwareConcurrency,
  ]
    .map((trait) => String(trait ?? ""))
    .join("|");
}

let cached: Promise<string> | null = null;

/**
 * SHA-256 of the traits, first 32 hex characters. Computed once per page load. Never rejects: without
 * `crypto.subtle` (plain-HTTP origins other than localhost) it is "", which the server accepts.
 */
export function deviceFingerprint(): Promise<string> {
  cached ??= hash(deviceTraits()).catch(() => "");
  return cached;
}

async function hash(text: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text));
  return [...new Uint8Array(digest)]
    .map((byte) => byte.toString(16).padStart(2, "0"))
    .join("")
    .slice(0, 32);
}

/** Tests only: forget the cached value so a changed trait is hashed again. */
export function resetDeviceFingerprint() {
  cached = null;
}
