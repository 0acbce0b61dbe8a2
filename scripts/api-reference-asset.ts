import { createReadStream, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

// The path worker/routes/api-docs.ts points the reference page at (API_REFERENCE_SCRIPT).
const ASSET_PATH = "vendor/scalar-api-reference.js";
const SOURCE = fileURLToPath(
  new URL("../node_modules/@scalar/api-reference/dist/browser/standalone.js", import.meta.url),
);

/**
 * Serves Scalar's standalone bundle for GET /api/docs from our own origin, in development and in the built
 * assets: the page must work with no network, and our CSP allows scripts from 'self' only (docs/decisions/024).
 */
export function apiReferenceAsset(): Plugin {
  return {
    name: "reelpay-api-reference-asset",
    configureServer(server) {
      server.middlewares.use(`/${ASSET_PATH}`, (_req, res) => {
        res.setHeader("Content-Type", "text/javascript; charset=utf-8");
        createReadStream(SOURCE).pipe(res);
      });
    },
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle() {
      this.emitFile({ type: "asset", fileName: ASSET_PATH, source: readFileSync(SOURCE) });
    },
  };
}
