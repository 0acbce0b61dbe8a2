import { describe, expect, it } from "vitest";
import { Browser } from "../test/http";

// Every admin operation documents what it answers (docs/decisions/040): a summary, a success answer with its
// description, and a schema for a JSON success body. The parse of each answer by that schema is the route's
// own tests' job (responds() under CHECK_RESPONSES); this test keeps an admin route from going undeclared.

interface Response {
  description?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface Operation {
  summary?: string;
  responses?: Record<string, Response>;
}
type Document = { paths: Record<string, Record<string, Operation>> };

async function adminOperations() {
  const res = await new Browser().fetch("/api/openapi.json");
  expect(res.status).toBe(200);
  const doc = await res.json<Document>();
  return Object.entries(doc.paths)
    .filter(([path]) => path.startsWith("/api/admin/"))
    .flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ key: `${method} ${path}`, operation })),
    );
}

const successes = (operation: Operation) =>
  Object.entries(operation.responses ?? {}).filter(([status]) => /^2\d\d$/.test(status));

describe("the admin operations in /api/openapi.json", () => {
  it("each have a summary and a described success answer, with a schema for a JSON body", async () => {
    const declared = await adminOperations();
    // Every admin operation; the count only grows.
    expect(declared.length).toBeGreaterThanOrEqual(40);
    for (const { key, operation } of declared) {
      expect(operation.summary?.trim(), `${key} has no summary`).toBeTruthy();
      const answers = successes(operation);
      expect(answers.length, `${key} declares no 2xx answer`).toBeGreaterThan(0);
      for (const [status, answer] of answers) {
        expect(answer.description?.trim(), `${key} ${status} has no description`).toBeTruthy();
        // A 204 has no body; any other success says what its body is: JSON with a schema, or another media type.
        if (status !== "204")
          expect(Object.keys(answer.content ?? {}), `${key} ${status} does not say what it answers`).not.toHaveLength(
            0,
          );
        const json = answer.content?.["application/json"];
        if (json) expect(json.schema, `${key} ${status} has JSON without a schema`).toBeTruthy();
      }
    }
  });

  it("documents the CSV downloads as text/csv", async () => {
    const byKey = new Map((await adminOperations()).map((o) => [o.key, o.operation]));
    for (const key of [
      "get /api/admin/users.csv",
      "get /api/admin/payments.csv",
      "get /api/admin/earnings/calendar.csv",
    ]) {
      expect(Object.keys(byKey.get(key)?.responses?.["200"]?.content ?? {}), key).toEqual(["text/csv"]);
    }
  });
});
