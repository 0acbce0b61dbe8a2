import { describe, expect, it } from "vitest";
import { detectBrowser, detectDeviceType, type Browser, type DeviceType } from "./device";

// Real user agents (2024), with the touch points their browsers report.
const UAS: [name: string, ua: string, touchPoints: number, device: DeviceType, browser: Browser][] = [
  [
    "iPhone Safari",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    5,
    "mobile",
    "safari",
  ],
  [
    "iPhone Chrome",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
    5,
    "mobile",
    "chrome",
  ],
  [
    "iPhone Firefox",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15",
    5,
    "mobile",
    "firefox",
  ],
  [
    "iPhone Edge",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 EdgiOS/125.2535.60 Mobile/15E148 Safari/605.1.15",
    5,
    "mobile",
    "edge",
  ],
  [
    "iPhone Facebook in-app",
    "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/468.0.0.43.102;FBBV/612345678]",
    5,
    "mobile",
    "unknown",
  ],
  [
    "Android phone Chrome (reduced UA)",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
    5,
    "mobile",
    "chrome",
  ],
  [
    "Android phone Firefox",
    "Mozilla/5.0 (Android 14; Mobile; rv:127.0) Gecko/127.0 Firefox/127.0",
    5,
    "mobile",
    "firefox",
  ],
  [
    "Android phone Edge",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36 EdgA/126.0.2592.56",
    5,
    "mobile",
    "edge",
  ],
  [
    "Galaxy S23 Samsung Internet",
    "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
    5,
    "mobile",
    "unknown",
  ],
  [
    "Pixel 7 web view",
    "Mozilla/5.0 (Linux; Android 13; Pixel 7 Build/TQ3A.230805.001; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/126.0.6478.71 Mobile Safari/537.36",
    5,
    "mobile",
    "chrome",
  ],
  [
    "Galaxy Tab S8 Chrome",
    "Mozilla/5.0 (Linux; Android 12; SM-X706B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Safari/537.36",
    10,
    "tablet",
    "chrome",
  ],
  [
    "Android tablet Chrome (reduced UA)",
    "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    10,
    "tablet",
    "chrome",
  ],
  [
    "Android tablet Firefox",
    "Mozilla/5.0 (Android 14; Tablet; rv:127.0) Gecko/127.0 Firefox/127.0",
    10,
    "tablet",
    "firefox",
  ],
  [
    "iPad Safari",
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    5,
    "tablet",
    "safari",
  ],
  [
    "iPad Chrome",
    "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1",
    5,
    "tablet",
    "chrome",
  ],
  [
    "iPadOS desktop mode Safari",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    5,
    "tablet",
    "safari",
  ],
  [
    "Kindle Fire HD 10 Silk",
    "Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/126.3.4 like Chrome/126.0.6478.183 Safari/537.36",
    10,
    "tablet",
    "unknown",
  ],
  [
    "Kindle Fire Silk, mobile mode",
    "Mozilla/5.0 (Linux; Android 9; KFTRWI) AppleWebKit/537.36 (KHTML, like Gecko) Silk/126.3.4 like Chrome/126.0.6478.183 Mobile Safari/537.36",
    10,
    "tablet",
    "unknown",
  ],
  [
    "Kindle Fire model code without Silk",
    "Mozilla/5.0 (Linux; Android 11; KFRAWI) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36",
    10,
    "tablet",
    "chrome",
  ],
  [
    "Kindle e-reader",
    "Mozilla/5.0 (X11; U; Linux armv7l like Android; en-us) AppleWebKit/531.2+ (KHTML, like Gecko) Version/5.0 Safari/533.2+ Kindle/3.0+",
    0,
    "tablet",
    "unknown",
  ],
  [
    "Windows Chrome",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    0,
    "desktop",
    "chrome",
  ],
  [
    "Windows Chrome on a touch laptop",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    10,
    "desktop",
    "chrome",
  ],
  [
    "Windows Edge",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
    0,
    "desktop",
    "edge",
  ],
  [
    "Windows legacy Edge",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.102 Safari/537.36 Edge/18.19045",
    0,
    "desktop",
    "edge",
  ],
  [
    "Windows Firefox",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
    0,
    "desktop",
    "firefox",
  ],
  [
    "Windows Opera",
    "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0",
    0,
    "desktop",
    "unknown",
  ],
  [
    "Windows Internet Explorer 11",
    "Mozilla/5.0 (Windows NT 10.0; Trident/7.0; rv:11.0) like Gecko",
    0,
    "desktop",
    "unknown",
  ],
  [
    "Mac Safari",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
    0,
    "desktop",
    "safari",
  ],
  [
    "Mac Chrome",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    0,
    "desktop",
    "chrome",
  ],
  [
    "Mac Firefox",
    "Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0",
    0,
    "desktop",
    "firefox",
  ],
  [
    "Linux Chromium (Debian)",
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
    0,
    "desktop",
    "chrome",
  ],
  ["Googlebot", "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)", 0, "desktop", "unknown"],
  ["no user agent", "", 0, "desktop", "unknown"],
];

describe("device type", () => {
  it.each(UAS)("%s is %4$s", (_name, ua, touchPoints, device) => {
    expect(detectDeviceType(ua, touchPoints)).toBe(device);
  });

  it("tells an iPad in desktop mode from a Mac only by its touch screen", () => {
    const macUa = UAS.find(([name]) => name === "Mac Safari")![1];
    expect(detectDeviceType(macUa, 0)).toBe("desktop");
    expect(detectDeviceType(macUa, 1)).toBe("desktop"); // a Mac with a single touch point is not an iPad
    expect(detectDeviceType(macUa, 5)).toBe("tablet");
    expect(detectDeviceType(macUa)).toBe("desktop");
  });

  it("checks tablets before phones: every tablet UA here also matches a phone pattern", () => {
    // The original's order made its tablet branch unreachable (docs/product-spec.md §5); these all say Mobile or Android.
    for (const name of ["iPad Safari", "Kindle Fire Silk, mobile mode", "Galaxy Tab S8 Chrome"]) {
      const ua = UAS.find(([n]) => n === name)![1];
      expect(/Mobile|Android/.test(ua), name).toBe(true);
      expect(detectDeviceType(ua, 5), name).toBe("tablet");
    }
  });
});

describe("browser", () => {
  it.each(UAS)("%s is %5$s", (_name, ua, _touch, _device, browser) => {
    expect(detectBrowser(ua)).toBe(browser);
  });

  it("does not take Chrome for Safari, though every Chrome UA says Safari/537.36", () => {
    const chrome =
      "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36";
    expect(chrome).toContain("Safari/");
    expect(detectBrowser(chrome)).toBe("chrome");
    // Safari needs its Version/ token too: a bare "Safari/" is not enough.
    expect(detectBrowser("Mozilla/5.0 (Macintosh) AppleWebKit/605.1.15 (KHTML, like Gecko) Safari/605.1.15")).toBe(
      "unknown",
    );
  });

  it("does not take Edge or Opera for Chrome, though their UAs carry Chrome/", () => {
    expect(
      detectBrowser(
        "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
      ),
    ).toBe("edge");
    expect(
      detectBrowser(
        "Mozilla/5.0 (Windows NT 10.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0",
      ),
    ).toBe("unknown");
  });

  it("reads the headless Chromium the end-to-end tests use as chrome", () => {
    expect(
      detectBrowser(
        "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/126.0.0.0 Safari/537.36",
      ),
    ).toBe("chrome");
  });
});
