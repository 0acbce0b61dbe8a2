import { describe, expect, it } from "vitest";
import { app } from "./app";
import { Browser, signedInBrowser, uniqueEmail } from "./test/http";
import { PUBLIC_ROUTES } from "./test/public-routes";

const registered = app.routes
  .filter((r) => r.method !== "ALL")
  .map((r) => ({ method: r.method, path: r.path, key: `${r.method} ${r.path}` }));

// Fill path parameters with a well-formed id that exists nowhere.
const concrete = (path: string) => path.replace(/:[a-zA-Z]+(\{[^{}]*(\{\d+\})?\})?/g, "01ARZ3NDEKTSV4RRFFQ69G5FAV");

const call = (b: Browser, method: string, path: string) =>
  b.fetch(concrete(path), method === "GET" || method === "HEAD" ? { method } : { method, body: "{}" });

describe("route access", () => {
  it("knows every route (sanity: the walk is not empty)", () => {
    expect(registered.length).toBeGreaterThanOrEqual(PUBLIC_ROUTES.size + 2);
    for (const key of PUBLIC_ROUTES) expect(registered.map((r) => r.key)).toContain(key);
  });

  it("answers anonymous callers 401 on every non-public route", async () => {
    const anonymous = new Browser();
    for (const route of registered.filter((r) => !PUBLIC_ROUTES.has(r.key))) {
      const res = await call(anonymous, route.method, route.path);
      expect(res.status, route.key).toBe(401);
    }
  });

  it("answers signed-in non-admins 403 on every admin route, and admin routes live under /api/admin", async () => {
    const viewer = await signedInBrowser(uniqueEmail("viewer"));
    for (const route of registered.filter((r) => r.path.startsWith("/api/admin"))) {
      const res = await call(viewer, route.method, route.path);
      expect(res.status, route.key).toBe(403);
    }
    const adminPaths = registered.filter((r) => r.path.startsWith("/api/admin"));
    for (const r of adminPaths) expect(r.path.startsWith("/api/admin/")).toBe(true);
  });
});
