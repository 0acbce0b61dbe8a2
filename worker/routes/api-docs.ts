import { Scalar } from "@scalar/hono-api-reference";
import { Hono } from "hono";
import { openApiDocumentOut } from "../../common/schemas/api-docs";
import type { AppEnv } from "../app-env";
import { buildOpenApiDocument, type ApiSection } from "../openapi/document";
import { responds } from "../openapi/responds";

/** Where the SPA build (and the dev server) serve Scalar's standalone bundle; see vite.config.ts. */
const API_REFERENCE_SCRIPT = "/vendor/scalar-api-reference.js";

/**
 * Public: the OpenAPI document and an interactive reference for it. The document is generated once per
 * isolate from the sections the API is built from, passed lazily because this app is one of them.
 */
export function apiDocsRoutes(sections: () => ApiSection[]) {
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  const openApiDocument = () => (document ??= buildOpenApiDocument(sections()));
  const reference = (nonce: string) =>
    Scalar<AppEnv>({
      url: "/api/openapi.json",
      pageTitle: "Reelpay API",
      cdn: API_REFERENCE_SCRIPT,
      nonce,
      withDefaultFonts: false,
      // Nothing that calls third-party services from our reference: no AI agent and no MCP integration.
      agent: { disabled: true },
      mcp: { disabled: true },
    });

  return new Hono<AppEnv>()
    .get(
      "/openapi.json",
      responds("Get the OpenAPI document", {
        200: {
          description: "This API as an OpenAPI 3.1 document: every route, its access, its inputs and its answers.",
          schema: openApiDocumentOut,
        },
      }),
      async (c) => c.json(await openApiDocument(), 200),
    )
    .get(
      "/docs",
      responds("Read the API reference", {
        200: {
          description: "An interactive reference of the OpenAPI document (Scalar), as an HTML page.",
          media: "text/html",
        },
      }),
      async (c, next) => {
        // The page runs Scalar's script from our own origin, with inline start-up code carrying a nonce; the
        // API's default policy ("default-src 'none'") would block both, so this one page states its own.
        const nonce = crypto.randomUUID().replaceAll("-", "");
        c.header(
          "Content-Security-Policy",
          `default-src 'none'; script-src 'self' 'nonce-${nonce}'; style-src 'self' 'unsafe-inline'; ` +
            "connect-src 'self'; img-src 'self' data:; font-src 'self' data:; frame-ancestors 'none'; base-uri 'none'",
        );
        return reference(nonce)(c, next);
      },
    );
}
