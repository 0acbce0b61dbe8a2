import { isPlaceholderSecret, type Settings } from "../../lib/env";
import { remoteRequestSign } from "./local-request";

/**
 * Why the local sign-in (docs/architecture.md §4, docs/decisions/003 and 017) is refused for this request, or null
 * when it may be used: DEV_LOGIN is on, no real Google client is configured (a server with a Google secret
 * is not a developer's machine), and nothing says the request came from another machine.
 */
export function devLoginRefusal(settings: Settings, url: URL, headers: Headers): string | null {
  if (!settings.devLogin) return "Local sign-in is not enabled";
  if (!isPlaceholderSecret(settings.googleClientSecret)) {
    return "Local sign-in is refused: a Google client secret is configured, so this is not a local setup";
  }
  const sign = remoteRequestSign(url, headers);
  if (sign) return `Local sign-in is refused: the request did not come from this machine (${sign})`;
  return null;
}
