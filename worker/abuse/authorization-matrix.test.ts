import { beforeAll, describe, expect, it } from "vitest";
import { app } from "../app";
import { ID_PATTERN } from "../lib/ids";
import { Browser, signedInBrowser, uniqueEmail } from "../test/http";
import { makeContent } from "../test/factories";
import { PUBLIC_ROUTES } from "../test/public-routes";

// Every registered route for four callers: anonymous, a viewer, another creator, an admin.
// Routes that change one piece of content: only its creator (or an admin) may call them.
const OWNER_ONLY = new Set([
  `PATCH /api/content/:id${ID_PATTERN}`,
  `DELETE /api/content/:id${ID_PATTERN}`,
  `PATCH /api/content/:id${ID_PATTERN}/thumbnail`,
  // The PUT's body here is not a storyboard (400 before any access check); its access is content-storyboard.test.ts's.
  `DELETE /api/content/:id${ID_PATTERN}/storyboard`,
]);

const routes = app.routes.filter((r) => r.method !== "ALL").map((r) => ({ ...r, key: `${r.method} ${r.path}` }));

let creatorContent: string;
let viewer: Browser;
let otherCreator: Browser;
let admin: Browser;

const call = (b: Browser, method: string, path: string) =>
  b.fetch(
    path.replace(/:[a-zA-Z]+(\{[^{}]*(\{\d+\})?\})?/g, creatorContent),
    method === "GET"
      ? {}
      : { method, body: JSON.stringify({ title: "t", tags: [], description: "", thumbnail_key: "k" }) },
  );

beforeAll(async () => {
  const creator = await signedInBrowser(uniqueEmail("owner"));
  const ownerId = (await (await creator.fetch("/api/users/me")).json<{ id: string }>()).id;
  creatorContent = (await makeContent(ownerId)).id;
  viewer = await signedInBrowser(uniqueEmail("viewer"));
  otherCreator = await signedInBrowser(uniqueEmail("other"));
  admin = await signedInBrowser("admin@example.com");
});

describe("authorization matrix", () => {
  for (const route of routes) {
    it(route.key, async () => {
      const anon = await call(new Browser(), route.method, route.path);
      if (PUBLIC_ROUTES.has(route.key)) expect(anon.status, "anonymous").not.toBe(401);
      else expect(anon.status, "anonymous").toBe(401);
      // Logging out (here, or of every device) would end the shared test sessions; their own tests cover
      // signed-in callers.
      if (route.key === "GET /api/logout" || route.key === "DELETE /api/users/me/sessions") return;

      const asViewer = await call(viewer, route.method, route.path);
      if (route.path.startsWith("/api/admin/") || OWNER_ONLY.has(route.key))
        expect(asViewer.status, "viewer").toBe(403);
      else expect([401, 403], "viewer").not.toContain(asViewer.status);

      if (OWNER_ONLY.has(route.key)) {
        expect((await call(otherCreator, route.method, route.path)).status, "another creator").toBe(403);
      }
      if (route.method === "DELETE" && OWNER_ONLY.has(route.key)) return; // the admin check below would delete it
      const asAdmin = await call(admin, route.method, route.path);
      expect([401, 403], "admin").not.toContain(asAdmin.status);
    });
  }
});
