import { cloudflare } from "@cloudflare/vite-plugin";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { apiReferenceAsset } from "./scripts/api-reference-asset.ts";
import { devCron } from "./scripts/dev-cron.ts";

// Local D1/R2 state; the end-to-end suite points this elsewhere so it never touches a developer's data.
const stateDir = process.env.REELPAY_STATE_DIR ?? ".wrangler/state";

export default defineConfig(({ command, isPreview }) => {
  // In development Vite serves the pages itself (with its inline hot-reload preamble, which the production
  // CSP would block), so only the API runs Worker-first there. Builds and previews keep wrangler.jsonc's
  // routing, where pages go through the Worker for their CSP (docs/decisions/011).
  const devOnly = command === "serve" && !isPreview;
  return {
    plugins: [
      {
        // `vite preview` (the browser suite's server) keeps an idle connection longer than a journey lasts: with
        // Node's 5 s default, a test's request could reuse a socket the server was closing that instant (ECONNRESET).
        name: "preview-keep-alive",
        configurePreviewServer(server) {
          const http = server.httpServer as { keepAliveTimeout?: number; headersTimeout?: number } | null;
          if (http) Object.assign(http, { keepAliveTimeout: 130_000, headersTimeout: 131_000 });
        },
      },
      devCron(),
      apiReferenceAsset(),
      react(),
      tailwindcss(),
      cloudflare({
        persistState: { path: stateDir },
        // Mutated in place: a returned partial config would be merged, keeping the "/*" rule.
        ...(devOnly
          ? { config: (worker) => void (worker.assets && (worker.assets.run_worker_first = ["/api/*"])) }
          : {}),
      }),
    ],
    server: { port: 5173, strictPort: true },
    // Dependencies Vite's first scan misses (TanStack Query, and what only lazy screens import: admin charts,
    // the wallet's calendar, the ad player), bundled at start: found mid-session, Vite re-bundles and reloads
    // the page under the user (and the e2e suite).
    optimizeDeps: {
      include: ["@tanstack/react-query", "chart.js", "react-chartjs-2", "react-day-picker", "@dailymotion/vast-client"],
    },
    // The manifest lets bench/bundle-size.ts tell what the home route loads first, and the Worker preload a page's
    // route module (worker/spa/route-chunks.ts); outside `.vite/` so it is served and deployed like any asset.
    build: { outDir: "dist", manifest: "build-manifest.json" },
    environments: {
      client: {
        build: {
          rollupOptions: {
            preserveEntrySignatures: false,
            output: {
              // Fewer, larger files on the first screen's path (docs/decisions/044): the framework in one file the
              // browser caches across deploys of our own code, and our small shared modules copied into the
              // files that use them instead of a request each.
              codeSplitting: {
                groups: [
                  {
                    name: "framework",
                    test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|zustand)[\\/]/,
                    priority: 2,
                  },
                ],
                experimentalInlineCommonChunks: { maxSize: 4 * 1024 },
              },
            },
          },
        },
      },
    },
  };
});
