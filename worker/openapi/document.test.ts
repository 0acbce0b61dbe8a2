import { describe, expect, it } from "vitest";
import { app } from "../app";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { PUBLIC_ROUTES } from "../test/public-routes";

interface Operation {
  "x-access": string;
  security: unknown[];
  tags: string[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, unknown>; required?: string[] } }> };
  parameters?: { name: string; in: string }[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
}

// Hono's `:id{pattern}` (a pattern may hold one `{n}` or `{m,n}`) and `:id` become OpenAPI's `{id}`.
const openApiPath = (path: string) => path.replace(/:([a-zA-Z]+)(\{[^{}]*(\{\d+(,\d+)?\})?[^{}]*\})?/g, "{$1}");

const registered = app.routes
  .filter((r) => r.method !== "ALL")
  .map((r) => ({ method: r.method.toLowerCase(), path: openApiPath(r.path), key: `${r.method} ${r.path}` }));

async function fetchDocument(browser = new Browser()) {
  const res = await browser.fetch("/api/openapi.json");
  expect(res.status).toBe(200);
  return res.json<Document>();
}

describe("GET /api/openapi.json", () => {
  it("documents every registered route with the access of the sub-app it lives in", async () => {
    const doc = await fetchDocument();
    expect(doc.openapi).toBe("3.1.0");
    expect(registered.length).toBeGreaterThan(50);
    for (const route of registered) {
      const operation = doc.paths[route.path]?.[route.method];
      expect(operation, `${route.key} is missing from the OpenAPI document`).toBeDefined();
      const access = PUBLIC_ROUTES.has(route.key)
        ? "public"
        : route.path.startsWith("/api/admin/")
          ? "admin"
          : "signed-in";
      expect(operation!["x-access"], route.key).toBe(access);
      expect(operation!.security, route.key).toEqual(access === "public" ? [] : [{ session: [] }]);
    }
  });

  it("documents nothing that is not a route", async () => {
    const doc = await fetchDocument();
    const known = new Set(registered.map((r) => `${r.method} ${r.path}`));
    for (const [path, item] of Object.entries(doc.paths)) {
      for (const method of Object.keys(item)) expect(known, `${method} ${path}`).toContain(`${method} ${path}`);
    }
  });

  it("describes bodies and queries from the schemas that validate them", async () => {
    const doc = await fetchDocument();
    const username = doc.paths["/api/users/me/username"]!.patch!.requestBody!.content["application/json"]!.schema;
    expect(Object.keys(username.properties ?? {})).toEqual(["username"]);
    expect(username.required).toEqual(["username"]);
    const payment = doc.paths["/api/admin/payments"]!.post!.requestBody!.content["application/json"]!.schema;
    expect(Object.keys(payment.properties ?? {})).toEqual(expect.arrayContaining(["user_id", "amount_usd"]));
    const calendar = doc.paths["/api/admin/earnings/calendar"]!.get!.parameters!.map((p) => `${p.in}:${p.name}`);
    expect(calendar).toEqual(expect.arrayContaining(["query:startDate", "query:endDate", "query:userId"]));
    const stream = doc.paths["/api/content/{id}/stream"]!.get!.parameters!.map((p) => `${p.in}:${p.name}`);
    expect(stream).toContain("path:id");
  });

  it("is the same document for a member and for anyone", async () => {
    const member = await signedInBrowser(uniqueEmail("docs"));
    expect(await fetchDocument(member)).toEqual(await fetchDocument());
  });
});

describe("GET /api/docs", () => {
  it("serves the interactive reference with its script from our origin under a nonce policy", async () => {
    const res = await new Browser().fetch("/api/docs");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/html");
    const html = await res.text();
    expect(html).toContain('src="/vendor/scalar-api-reference.js"');
    expect(html).toContain("/api/openapi.json");
    const policy = res.headers.get("content-security-policy")!;
    const nonce = /'nonce-([0-9a-f]{32})'/.exec(policy)?.[1];
    expect(nonce, policy).toBeDefined();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(policy).not.toContain("unsafe-eval");
    expect(policy).toContain("frame-ancestors 'none'");
  });

  it("keeps the strict policy on every other API response", async () => {
    const res = await new Browser().fetch("/api/openapi.json");
    expect(res.headers.get("content-security-policy")).toBe(
      "default-src 'none'; frame-ancestors 'none'; base-uri 'none'",
    );
  });
});
