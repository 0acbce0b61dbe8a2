import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { Browser } from "../test/http";
import { responds } from "./responds";

// The route's declared answer is checked under test (CHECK_RESPONSES) and documented in /api/openapi.json.

const schema = z.object({ n: z.number() });

function appAnswering(body: unknown) {
  const app = new Hono<{ Bindings: { CHECK_RESPONSES?: string } }>().get(
    "/x",
    responds("An answer", { 200: { description: "n", schema } }),
    (c) => c.json(body as object, 200),
  );
  app.onError((error, c) => c.text(error.message, 500));
  return app;
}

describe("responds", () => {
  it("lets a body its schema accepts through, unchanged", async () => {
    const res = await appAnswering({ n: 1 }).request("/x", {}, { CHECK_RESPONSES: "true" });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ n: 1 });
  });

  it("fails a body its schema rejects, naming the route", async () => {
    const res = await appAnswering({ n: "1" }).request("/x", {}, { CHECK_RESPONSES: "true" });
    expect(res.status).toBe(500);
    expect(await res.text()).toContain("GET /x answered 200 with a body its schema rejects");
  });

  it("checks nothing in production (no CHECK_RESPONSES)", async () => {
    const res = await appAnswering({ n: "1" }).request("/x", {}, {});
    expect(res.status).toBe(200);
  });

  it("puts the success body's schema and the summary in the OpenAPI document", async () => {
    const doc = await (
      await new Browser().fetch("/api/openapi.json")
    ).json<{
      paths: Record<
        string,
        Record<
          string,
          {
            summary?: string;
            responses: Record<string, { content?: Record<string, { schema: { properties?: object } }> }>;
          }
        >
      >;
    }>();
    const op = doc.paths["/api/me/payout-requests"]!.get!;
    expect(op.summary).toBe("List my payout requests");
    expect(Object.keys(op.responses["200"]!.content!["application/json"]!.schema.properties!)).toEqual(
      expect.arrayContaining(["requests", "minimum_payout", "available_balance", "pace_per_day", "days_to_minimum"]),
    );
  });
});
