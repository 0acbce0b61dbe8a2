import type { Plugin } from "vite";

/** The Cron Trigger of wrangler.jsonc, once a minute. */
const EVERY_MS = 60_000;
const CRON = "* * * * *";

/**
 * Under `npm run dev` Cloudflare's cron never fires by itself, so credits and bonuses would wait for someone
 * to open the home page. This dev-only timer calls the Cloudflare Vite plugin's scheduled-handler route
 * (`/cdn-cgi/local/scheduled`) every minute, which runs the Worker's `scheduled` export as the cron would.
 */
export function devCron(): Plugin {
  return {
    name: "reelpay-dev-cron",
    apply: (_config, env) => env.command === "serve" && !env.isPreview,
    configureServer(server) {
      let timer: ReturnType<typeof setInterval> | undefined;
      server.httpServer?.once("listening", () => {
        const tick = async () => {
          const base = server.resolvedUrls?.local[0];
          if (!base) return;
          try {
            const res = await fetch(new URL(`/cdn-cgi/local/scheduled?cron=${encodeURIComponent(CRON)}`, base));
            if (!res.ok) server.config.logger.warn(`dev cron: the scheduled handler answered ${res.status}`);
          } catch (error) {
            server.config.logger.warn(`dev cron: ${(error as Error).message}`);
          }
        };
        timer = setInterval(() => void tick(), EVERY_MS);
        server.config.logger.info(
          "  dev cron: the earnings job runs every minute, as the Cron Trigger does in production",
        );
      });
      server.httpServer?.once("close", () => clearInterval(timer));
    },
  };
}
