import { describe, expect, it } from "vitest";
import committed from "../../common/openapi.json";
import { Browser } from "../test/http";

// The SPA's client is typed from common/openapi.json (src/lib/api-paths.d.ts, docs/decisions/043). Were the
// committed copy to lag behind what the routes declare, the client's types would lag with it: this keeps them
// the same document.
describe("common/openapi.json", () => {
  it("is the document GET /api/openapi.json serves", async () => {
    const res = await new Browser().fetch("/api/openapi.json");
    expect(res.status).toBe(200);
    expect(await res.json(), "common/openapi.json is out of date: run npm run gen:api").toEqual(committed);
  });
});
