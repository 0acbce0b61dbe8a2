import { describe, expect, it } from "vitest";
import { buildPageVisit } from "./page-visit";
import { countPageView, SESSION_KEY } from "./session";
import { memoryStore } from "./storage";

const T0 = Date.UTC(2026, 10, 1, 12);
const ids = () => {
  let n = 0;
  return () => `session-${++n}-abcdef`;
};

describe("analytics session", () => {
  it("starts with page view 1 and a new id, then adds 1 per page view with the same id and start", () => {
    const store = memoryStore();
    const newId = ids();
    expect(countPageView(store, T0, newId)).toEqual({ id: "session-1-abcdef", startedAt: T0, pageViews: 1 });
    expect(countPageView(store, T0 + 5000, newId)).toEqual({ id: "session-1-abcdef", startedAt: T0, pageViews: 2 });
    expect(countPageView(store, T0 + 9000, newId)).toEqual({ id: "session-1-abcdef", startedAt: T0, pageViews: 3 });
  });

  it("starts over in a new browser session (a new sessionStorage) and when the stored one is damaged", () => {
    const newId = ids();
    countPageView(memoryStore(), T0, newId);
    expect(countPageView(memoryStore(), T0, newId).id).toBe("session-2-abcdef");

    const damaged = memoryStore();
    damaged.setItem(SESSION_KEY, JSON.stringify({ id: "bad id!", startedAt: T0, pageViews: 4 }));
    expect(countPageView(damaged, T0, newId)).toMatchObject({ id: "session-3-abcdef", pageViews: 1 });
  });

  it("makes random ids the server accepts", () => {
    const a = countPageView(memoryStore(), T0).id;
    const b = countPageView(memoryStore(), T0).id;
    expect(a).toMatch(/^[\w-]{8,64}$/);
    expect(a).not.toBe(b);
  });
});

describe("page-visit payload", () => {
  const base = {
    session: { id: "session-1-abcdef", startedAt: T0, pageViews: 3 },
    attribution: null,
    pagePath: "/content/c1",
    referrer: "",
    userId: null,
    userAgent:
      "Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
    maxTouchPoints: 5,
    now: T0 + 95_400,
  };

  it("has every field of docs/product-spec.md §3, visit_duration in whole seconds since the session start", () => {
    expect(buildPageVisit(base)).toEqual({
      session_id: "session-1-abcdef",
      user_id: null,
      page_path: "/content/c1",
      referrer: null,
      visit_duration: 95,
      page_views: 3,
      device_type: "tablet",
      browser: "safari",
      user_agent: base.userAgent,
      utm_source: null,
      utm_medium: null,
      utm_campaign: null,
      utm_term: null,
      utm_content: null,
    });
  });

  it("takes the utm fields from the stored attribution", () => {
    const attribution = {
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "launch",
      utm_term: null,
      utm_content: "hero",
      timestamp: T0,
      landing_page: "/",
    };
    expect(buildPageVisit({ ...base, attribution, referrer: "https://mail.example.com/", userId: "u1" })).toMatchObject(
      {
        user_id: "u1",
        referrer: "https://mail.example.com/",
        utm_source: "newsletter",
        utm_medium: "email",
        utm_campaign: "launch",
        utm_term: null,
        utm_content: "hero",
      },
    );
  });

  it("keeps within the server's bounds", () => {
    const visit = buildPageVisit({
      ...base,
      pagePath: `/${"p".repeat(600)}`,
      referrer: `https://x.test/${"r".repeat(2000)}`,
      userAgent: "u".repeat(900),
      now: T0 + 30 * 24 * 3600 * 1000,
    });
    expect(visit.page_path).toHaveLength(512);
    expect(visit.referrer).toHaveLength(1024);
    expect(visit.user_agent).toHaveLength(512);
    expect(visit.visit_duration).toBe(7 * 24 * 3600);
  });
});
