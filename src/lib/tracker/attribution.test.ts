import { describe, expect, it } from "vitest";
import {
  ATTRIBUTION_KEY,
  ATTRIBUTION_MAX_AGE_MS,
  captureAttribution,
  loadAttribution,
  utmFromSearch,
} from "./attribution";
import { memoryStore } from "./storage";

const HOUR = 3600 * 1000;
const T0 = Date.UTC(2026, 10, 1, 12);

describe("utm parameters", () => {
  it("reads the five utm fields and leaves the missing ones null", () => {
    expect(utmFromSearch("?utm_source=newsletter&utm_campaign=launch&page=2")).toEqual({
      utm_source: "newsletter",
      utm_medium: null,
      utm_campaign: "launch",
      utm_term: null,
      utm_content: null,
    });
  });

  it("counts no utm parameter, or only empty ones, as none", () => {
    expect(utmFromSearch("")).toBeNull();
    expect(utmFromSearch("?ref=abc&page=2")).toBeNull();
    expect(utmFromSearch("?utm_source=&utm_medium=%20")).toBeNull();
  });

  it("cuts values to the 200 characters the server accepts", () => {
    expect(utmFromSearch(`?utm_term=${"x".repeat(300)}`)?.utm_term).toHaveLength(200);
  });
});

describe("stored attribution", () => {
  it("is saved only when the URL has at least one utm parameter", () => {
    const store = memoryStore();
    expect(captureAttribution(store, "?page=2", "/", T0)).toBeNull();
    expect(store.getItem(ATTRIBUTION_KEY)).toBeNull();

    captureAttribution(store, "?utm_medium=email", "/content/c1", T0);
    expect(JSON.parse(store.getItem(ATTRIBUTION_KEY)!)).toEqual({
      utm_source: null,
      utm_medium: "email",
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
      timestamp: T0,
      landing_page: "/content/c1",
    });
  });

  it("keeps the first campaign when a later page has no utm parameters, and a newer campaign replaces it", () => {
    const store = memoryStore();
    captureAttribution(store, "?utm_source=newsletter&utm_campaign=launch", "/", T0);
    captureAttribution(store, "", "/content/c1", T0 + HOUR);
    expect(loadAttribution(store, T0 + HOUR)).toMatchObject({ utm_source: "newsletter", landing_page: "/" });

    captureAttribution(store, "?utm_source=twitter", "/creator/u1", T0 + 2 * HOUR);
    expect(loadAttribution(store, T0 + 2 * HOUR)).toMatchObject({
      utm_source: "twitter",
      utm_campaign: null,
      landing_page: "/creator/u1",
      timestamp: T0 + 2 * HOUR,
    });
  });

  it("is kept for 720 hours and removed once older", () => {
    expect(ATTRIBUTION_MAX_AGE_MS).toBe(720 * HOUR);
    const store = memoryStore();
    captureAttribution(store, "?utm_source=newsletter", "/", T0);
    expect(loadAttribution(store, T0 + 720 * HOUR)?.utm_source).toBe("newsletter");
    expect(store.getItem(ATTRIBUTION_KEY)).not.toBeNull();

    expect(loadAttribution(store, T0 + 720 * HOUR + 1)).toBeNull();
    expect(store.getItem(ATTRIBUTION_KEY)).toBeNull();
  });

  it("drops a record it cannot read", () => {
    const store = memoryStore();
    store.setItem(ATTRIBUTION_KEY, "{not json");
    expect(loadAttribution(store, T0)).toBeNull();
    store.setItem(ATTRIBUTION_KEY, JSON.stringify({ utm_source: "x" })); // no timestamp
    expect(loadAttribution(store, T0)).toBeNull();
    expect(store.getItem(ATTRIBUTION_KEY)).toBeNull();
  });
});
