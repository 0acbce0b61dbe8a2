// Device type and browser of a visit (docs/product-spec.md §3 "Page-visit payload", §5), from the user agent.
// docs/architecture.md §4: tablets must be recognised. The original checked phone/mobile patterns first, and every
// tablet UA matches one of them ("iPad … Mobile/15E148", Android, Kindle), so its tablet branch never ran.
// Here the tablet test comes first.

export type DeviceType = "desktop" | "mobile" | "tablet";
export type Browser = "chrome" | "firefox" | "safari" | "edge" | "unknown";

// Tablet, in this order of evidence:
//  - "iPad" (iPadOS in mobile mode, older iOS);
//  - Android without "Mobile": Google's rule for Android UAs is that phones say "Mobile" and tablets do not
//    (Chrome, Samsung Internet, Firefox's "Android 14; Tablet;"), and the reduced Chrome UA keeps it;
//  - Amazon Fire tablets: "Silk/", "Kindle", or a Fire model code such as KFTRWI or KFAPWI (a Silk UA in
//    mobile mode says "Mobile Safari", so this must come before the phone test);
//  - an explicit "Tablet" or "PlayBook" token.
const TABLET_UA = /iPad|Silk\/|Kindle|Tablet|PlayBook/i;
const FIRE_MODEL = /\bKF[A-Z]{2,5}\b/;
const ANDROID = /Android/i;
const MOBILE_TOKEN = /Mobile/i;
// Phone or other mobile device.
const PHONE_UA = /Mobi|iPhone|iPod|Android|BlackBerry|BB10|IEMobile|Windows Phone|Opera Mini|webOS/i;
// iPadOS 13+ asks for desktop sites by default and then sends a Mac's UA. Real Macs have no touch screen
// (navigator.maxTouchPoints is 0), an iPad reports 5.
const MAC_UA = /Macintosh/i;

/**
 * `maxTouchPoints` is navigator.maxTouchPoints: the only way to tell an iPad in desktop mode from a Mac.
 * Anything that is neither tablet nor phone is desktop.
 */
export function detectDeviceType(userAgent: string, maxTouchPoints = 0): DeviceType {
  if (TABLET_UA.test(userAgent) || FIRE_MODEL.test(userAgent)) return "tablet";
  if (ANDROID.test(userAgent) && !MOBILE_TOKEN.test(userAgent)) return "tablet";
  if (MAC_UA.test(userAgent) && maxTouchPoints > 1) return "tablet";
  if (PHONE_UA.test(userAgent)) return "mobile";
  return "desktop";
}

// Browsers, in the spec's order: Chrome, Firefox, Safari, Edge; anything else is unknown.
// UAs borrow each other's tokens: Edge, Opera, Samsung Internet and other Chromium browsers carry
// "Chrome/…", and every Chromium and iOS browser carries "Safari/…". So each test below also rules out the
// tokens of the others; then no two tests can match the same UA and the order decides nothing.
//  - chrome:  "Chrome/" or "CriOS/" (Chrome on iOS), and none of Edge's, Opera's or another Chromium
//             browser's brand tokens (Edg, EdgA, EdgiOS, Edge, OPR, Opera, OPiOS, SamsungBrowser,
//             YaBrowser, UCBrowser, Amazon Silk). Brave and Vivaldi send Chrome's exact UA, and Android web views
//             carry no brand token: both count as chrome.
//  - firefox: "Firefox/" or "FxiOS/" (Firefox on iOS), not SeaMonkey.
//  - safari:  "Safari/" together with "Version/" (Safari's own version token), and no Chrome, Chromium,
//             CriOS, FxiOS, Edge or Opera token, and not Android (the old Android stock browser sent
//             "Version/4.0 … Safari"). In-app iOS web views have no "Safari/" token and are unknown.
//  - edge:    "Edg/", "EdgA/", "EdgiOS/" (Chromium Edge on desktop, Android, iOS) or "Edge/" (legacy Edge).
const OTHER_CHROMIUM = /Edg(e|A|iOS)?\/|OPR\/|Opera|OPiOS\/|SamsungBrowser\/|YaBrowser\/|UCBrowser\/|Silk\//i;
const CHROME = /Chrome\/\d|CriOS\/\d/i;
const FIREFOX = /Firefox\/\d|FxiOS\/\d/i;
const SEAMONKEY = /SeaMonkey\//i;
const SAFARI = /Safari\/\d/i;
const SAFARI_VERSION = /Version\/\d/i;
const NOT_SAFARI = /Chrome\/|Chromium\/|CriOS\/|FxiOS\/|Edg(e|A|iOS)?\/|OPR\/|OPiOS\/|Opera|Android/i;
const EDGE = /Edg(e|A|iOS)?\/\d/i;

export function detectBrowser(userAgent: string): Browser {
  if (CHROME.test(userAgent) && !OTHER_CHROMIUM.test(userAgent)) return "chrome";
  if (FIREFOX.test(userAgent) && !SEAMONKEY.test(userAgent)) return "firefox";
  if (SAFARI.test(userAgent) && SAFARI_VERSION.test(userAgent) && !NOT_SAFARI.test(userAgent)) return "safari";
  if (EDGE.test(userAgent)) return "edge";
  return "unknown";
}
