import { env } from "cloudflare:test";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../app";
import { signedInBrowser, uniqueEmail, type Browser } from "../test/http";
import { makeContent } from "../test/factories";

// Every route that takes a body or a query, fed hostile input as the most privileged caller (an admin gets
// past every guard, so validation itself is what answers). Seeded and bounded, so a failure reproduces.
const SEED = 20261121;
const RUNS = 12;

// Signing out (here, or of every device) takes no input and would end the admin session the rest of this
// suite uses: every later route would then answer 401 before validating anything.
const routes = app.routes.filter(
  (r) =>
    r.method !== "ALL" &&
    !r.path.includes("/uploads/put") &&
    !r.path.includes("multipart/part") &&
    r.path !== "/api/users/me/sessions" &&
    r.path !== "/api/logout",
);

let admin: Browser;
let ids: Record<string, string>;

const hostileJson = fc.oneof(
  fc.anything({ maxDepth: 3, withBigInt: false }),
  fc.dictionary(
    fc.constantFrom(
      "user_id",
      "amount_usd",
      "title",
      "tags",
      "code",
      "state",
      "key",
      "value",
      "content_id",
      "second_mark",
      "event_type",
      "r2_key",
      "type",
      "username",
      "session_id",
      "page_path",
    ),
    fc.anything({ maxDepth: 2 }),
  ),
  fc.record({ amount_usd: fc.oneof(fc.double(), fc.constant(1e308), fc.constant(-0)), user_id: fc.string() }),
  fc.string({ maxLength: 300 }),
);

const hostileRaw = fc.oneof(
  fc.constant("{"),
  fc.constant("[".repeat(5000)),
  fc.constant('{"a":'.repeat(200)),
  fc.constant("\u0000\uffff"),
  fc.string({ maxLength: 2000 }),
  fc.constant(JSON.stringify({ title: "x".repeat(100_000) })),
);

const hostileQuery = fc.dictionary(
  fc.constantFrom(
    "type",
    "search",
    "creator",
    "cursor",
    "limit",
    "startDate",
    "endDate",
    "groupBy",
    "userId",
    "range",
    "token",
    "part",
  ),
  fc.oneof(fc.string({ maxLength: 200 }), fc.constantFrom("-1", "1e309", "NaN", "%00", "' or 1=1 --", "9".repeat(400))),
);

const concrete = (path: string) =>
  path.replace(/:([a-zA-Z]+)(\{[^{}]*(\{\d+\})?\})?/g, (_, name: string) => ids[name] ?? ids.id!);

async function moneyTotal() {
  const row = await env.DB.prepare(
    `select (select coalesce(sum(amount_micros), 0) from earnings) + (select coalesce(sum(total_micros), 0) from bonuses)
       + (select coalesce(sum(amount_micros), 0) from payments) as total, (select count(*) from audit_log) as audits`,
  ).first<{ total: number; audits: number }>();
  return row!;
}

async function expectClientError(res: Response, label: string) {
  expect(res.status, label).toBeLessThan(500);
  if (res.status >= 400) {
    const body = await res.json<{ error?: unknown; requestId?: unknown }>().catch(() => null);
    expect(typeof body?.error, `${label}: error shape`).toBe("string");
    expect(typeof body?.requestId, `${label}: error shape`).toBe("string");
  } else {
    await res.body?.cancel();
  }
}

beforeAll(async () => {
  admin = await signedInBrowser("admin@example.com");
  const me = await (await admin.fetch("/api/users/me")).json<{ id: string }>();
  const item = await makeContent(me.id);
  ids = { id: item.id, creatorId: me.id };
});

describe("hostile input never causes a 500 or moves money", () => {
  for (const route of routes) {
    const hasBody = ["POST", "PUT", "PATCH"].includes(route.method);
    it(`${route.method} ${route.path}`, async () => {
      const before = await moneyTotal();
      const path = concrete(route.path);
      if (hasBody) {
        await fc.assert(
          fc.asyncProperty(hostileJson, async (body) => {
            await expectClientError(
              await admin.json(path, route.method, body),
              `${route.method} ${path} ${JSON.stringify(body)?.slice(0, 200)}`,
            );
          }),
          { seed: SEED, numRuns: RUNS },
        );
        await fc.assert(
          fc.asyncProperty(hostileRaw, async (raw) => {
            const res = await admin.fetch(path, {
              method: route.method,
              body: raw,
              headers: { "content-type": "application/json" },
            });
            await expectClientError(res, `${route.method} ${path} raw ${raw.slice(0, 60)}`);
          }),
          { seed: SEED, numRuns: 6 },
        );
      } else {
        await fc.assert(
          fc.asyncProperty(hostileQuery, async (query) => {
            const qs = new URLSearchParams(query).toString();
            const res = await admin.fetch(`${path}${qs ? `?${qs}` : ""}`, { method: route.method });
            await expectClientError(res, `${route.method} ${path}?${qs.slice(0, 200)}`);
          }),
          { seed: SEED, numRuns: RUNS },
        );
      }
      const after = await moneyTotal();
      // Money changes only with a valid request, and then always with an audit row (the earnings job is the
      // one exception: it credits views other tests may have qualified).
      if (after.total !== before.total && !route.path.endsWith("/earnings/calculate"))
        expect(after.audits, `${route.path} moved money without an audit row`).toBeGreaterThan(before.audits);
    }, 300_000);
  }
});

describe("the fuzzing admin", () => {
  it("is still signed in after every route was fuzzed", async () => {
    expect((await admin.fetch("/api/users/me")).status).toBe(200);
  });
});

describe("a stranger's own hostile input", () => {
  it("cannot move money through the viewer's routes", async () => {
    const viewer = await signedInBrowser(uniqueEmail("fuzz"));
    const before = await moneyTotal();
    await fc.assert(
      fc.asyncProperty(hostileJson, async (body) => {
        for (const path of [
          "/api/playback-events",
          "/api/events/playback",
          "/api/earnings/calculate",
          "/api/content/finalize",
        ]) {
          await expectClientError(
            await viewer.json(path, "POST", body),
            `${path} ${JSON.stringify(body)?.slice(0, 120)}`,
          );
        }
      }),
      { seed: SEED, numRuns: RUNS },
    );
    expect((await moneyTotal()).total).toBe(before.total);
  }, 300_000);
});
