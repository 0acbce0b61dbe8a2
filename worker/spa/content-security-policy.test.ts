import { describe, expect, it } from "vitest";
import { spaContentSecurityPolicy } from "./content-security-policy";

describe("the SPA's Content-Security-Policy", () => {
  it("allows no third-party scripts without marketing tags", () => {
    const csp = spaContentSecurityPolicy({ ga4_id: "", facebook_pixel_id: "" });
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("googletagmanager");
    expect(csp).not.toContain("facebook");
  });

  it("allows exactly the tag hosts that are configured", () => {
    const ga = spaContentSecurityPolicy({ ga4_id: "G-ABC123", facebook_pixel_id: "" });
    expect(ga).toMatch(/script-src 'self' https:\/\/www\.googletagmanager\.com;/);
    expect(ga).not.toContain("connect.facebook.net");
    const both = spaContentSecurityPolicy({ ga4_id: "G-ABC123", facebook_pixel_id: "1234567890" });
    expect(both).toContain("https://connect.facebook.net");
  });
});
