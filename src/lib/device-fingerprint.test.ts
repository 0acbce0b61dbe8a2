import { afterEach, describe, expect, it, vi } from "vitest";
import { deviceFingerprint, deviceTraits, resetDeviceFingerprint } from "./device-fingerprint";

afterEach(() => {
  resetDeviceFingerprint();
});

describe("device fingerprint", () => {
  it("is 32 hex characters of the SHA-256 of the device's traits", async () => {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(deviceTraits()));
    const hex = [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
    const fingerprint = await deviceFingerprint();
    expect(fingerprint).toMatch(/^[0-9a-f]{32}$/);
    expect(fingerprint).toBe(hex.slice(0, 32));
  });

  it("reads user agent, language, platform, screen, time zone and CPU count", () => {
    vi.spyOn(navigator, "userAgent", "get").mockReturnValue("TestBrowser/1.0");
    vi.spyOn(navigator, "hardwareConcurrency", "get").mockReturnValue(6);
    const traits = deviceTraits().split("|");
    expect(traits[0]).toBe("TestBrowser/1.0");
    expect(traits[1]).toBe(navigator.language);
    expect(traits[3]).toBe(`${screen.width}x${screen.height}x${screen.colorDepth}`);
    expect(traits[4]).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(traits[5]).toBe("6");
  });

  it("differs between devices and stays the same on one", async () => {
    const first = await deviceFingerprint();
    expect(await deviceFingerprint()).toBe(first);
    resetDeviceFingerprint();
    vi.spyOn(navigator, "hardwareConcurrency", "get").mockReturnValue(navigator.hardwareConcurrency + 1);
    expect(await deviceFingerprint()).not.toBe(first);
  });

  it("is empty, not a failure, where the browser offers no hashing", async () => {
    vi.spyOn(crypto.subtle, "digest").mockRejectedValue(new Error("insecure context"));
    expect(await deviceFingerprint()).toBe("");
  });
});
