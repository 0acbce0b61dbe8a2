import { describe, expect, it } from "vitest";
import { Browser } from "../test/http";

// Every operation says what it does and what it answers (docs/decisions/040): a route added without `responds(...)`
// (worker/openapi/responds.ts) has no summary and no success answer, and fails here. Admin paths are left out
// for now: they get the same rules once their routes declare their answers.

interface Answer {
  description?: string;
  content?: Record<string, { schema?: Record<string, unknown> }>;
}
interface Operation {
  summary?: string;
  responses?: Record<string, Answer>;
}
interface Document {
  paths: Record<string, Record<string, Operation>>;
}

const METHODS = new Set(["get", "put", "post", "delete", "patch", "head", "options", "trace"]);
const isSuccess = (status: string) => /^[23]\d\d$/.test(status);

async function memberOperations() {
  const res = await new Browser().fetch("/api/openapi.json");
  expect(res.status).toBe(200);
  const doc = await res.json<Document>();
  const ops = Object.entries(doc.paths)
    .filter(([path]) => !path.startsWith("/api/admin/"))
    .flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([method]) => METHODS.has(method))
        .map(([method, op]) => ({ key: `${method.toUpperCase()} ${path}`, op })),
    );
  return ops;
}

describe("the answers /api/openapi.json documents (public and signed-in routes)", () => {
  it("gives every operation a summary and a described success or redirect answer", async () => {
    const ops = await memberOperations();
    expect(ops.length).toBeGreaterThan(40);
    for (const { key, op } of ops) {
      expect(op.summary?.trim(), `${key} has no summary`).toBeTruthy();
      const successes = Object.entries(op.responses ?? {}).filter(([status]) => isSuccess(status));
      expect(successes.length, `${key} documents no 2xx or 3xx answer`).toBeGreaterThan(0);
      for (const [status, answer] of successes)
        expect(answer.description?.trim(), `${key} ${status} has no description`).toBeTruthy();
    }
  });

  it("gives every JSON success answer a schema", async () => {
    let json = 0;
    for (const { key, op } of await memberOperations()) {
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        const body = answer.content?.["application/json"];
        if (!/^2\d\d$/.test(status) || !body) continue;
        json++;
        expect(Object.keys(body.schema ?? {}).length, `${key} ${status} has no schema`).toBeGreaterThan(0);
      }
    }
    expect(json).toBeGreaterThan(30);
  });

  it("says what a body that is not JSON is: the stream, the thumbnail, the beacon, the docs page", async () => {
    const doc = await (await new Browser().fetch("/api/openapi.json")).json<Document>();
    const media = (path: string, status: string) =>
      Object.keys(doc.paths[path]!.get!.responses![status]!.content ?? {});
    expect(media("/api/content/{id}/stream", "206")).toEqual(["video/mp4"]);
    expect(media("/api/content/{id}/thumbnail", "200")).toEqual(["image/*"]);
    expect(media("/api/ads/track", "200")).toEqual(["image/gif"]);
    expect(media("/api/docs", "200")).toEqual(["text/html"]);
    expect(doc.paths["/api/analytics/track"]!.post!.responses!["204"]!.content).toBeUndefined();
  });
});
