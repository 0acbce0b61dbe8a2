import { describe, expect, it } from "vitest";
import { spaContentSecurityPolicy } from "./content-security-policy";

const noTags = { ga4_id: "", facebook_pixel_id: "" };
const noAds = { vast_url: "", ad_hosts: "" };
const directive = (csp: string, name: string) => csp.split("; ").find((d) => d.startsWith(`${name} `)) ?? "";

describe("the SPA's Content-Security-Policy", () => {
  it("allows no third-party scripts without marketing tags", () => {
    const csp = spaContentSecurityPolicy(noTags, noAds);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("googletagmanager");
    expect(csp).not.toContain("facebook");
  });

  it("allows the public thumbnail bucket's domain for images when it is configured, and only then", () => {
    const origin = "https://thumbs.reelpay.example";
    expect(directive(spaContentSecurityPolicy(noTags, noAds, origin), "img-src")).toBe(
      `img-src 'self' data: blob: ${origin}`,
    );
    expect(directive(spaContentSecurityPolicy(noTags, noAds), "img-src")).toBe("img-src 'self' data: blob:");
    expect(directive(spaContentSecurityPolicy(noTags, noAds, origin), "connect-src")).not.toContain(origin);
  });

  it("allows exactly the tag hosts that are configured", () => {
    const ga = spaContentSecurityPolicy({ ga4_id: "G-ABC123", facebook_pixel_id: "" }, noAds);
    expect(ga).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com;/);
    expect(ga).not.toContain("connect.facebook.net");
    const both = spaContentSecurityPolicy({ ga4_id: "G-ABC123", facebook_pixel_id: "1234567890" }, noAds);
    expect(both).toContain("https://connect.facebook.net");
    // The pixel reports with an image from www.facebook.com.
    expect(directive(both, "img-src")).toContain("https://www.facebook.com");
  });

  // Security read (docs/decisions/017): connect-src, media-src and img-src allowed every https host.
  it("allows no other site for connections, media and images without ads or tags", () => {
    const csp = spaContentSecurityPolicy(noTags, { vast_url: "/ads/sample-vast.xml", ad_hosts: "" });
    expect(directive(csp, "connect-src")).toBe("connect-src 'self'");
    expect(directive(csp, "media-src")).toBe("media-src 'self' blob:");
    expect(directive(csp, "img-src")).toBe("img-src 'self' data: blob:");
    expect(csp).not.toMatch(/https:(;|\s|$)/);
  });

  it("allows the ad feed's host and the hosts an admin listed, for connections, media and images only", () => {
    const csp = spaContentSecurityPolicy(noTags, {
      vast_url: "https://ads.example.com/vast.xml?zone=1",
      ad_hosts: "https://cdn.example.net https://*.pixels.example.org",
    });
    const ads = "https://ads.example.com https://cdn.example.net https://*.pixels.example.org";
    expect(directive(csp, "connect-src")).toBe(`connect-src 'self' ${ads}`);
    expect(directive(csp, "media-src")).toBe(`media-src 'self' blob: ${ads}`);
    expect(directive(csp, "img-src")).toBe(`img-src 'self' data: blob: ${ads}`);
    expect(directive(csp, "script-src")).toBe("script-src 'self'");
  });

  it("never lets a stored value add a directive or a source that is not an origin", () => {
    const csp = spaContentSecurityPolicy(noTags, {
      vast_url: "https://a;script-src *;/vast.xml",
      ad_hosts: "https://ok.example.com 'unsafe-inline' * https: ;script-src",
    });
    expect(csp.split("; ").filter((d) => d.startsWith("script-src"))).toEqual(["script-src 'self'"]);
    expect(directive(csp, "connect-src")).toBe("connect-src 'self' https://ok.example.com");
  });
});
