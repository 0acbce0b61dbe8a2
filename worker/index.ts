import { app } from "./app";
import { consumeQueueBatch } from "./queue";
import { runScheduledJobs } from "./scheduled";
import { serveSpa } from "./spa/serve-spa";

export { WatchSessions } from "./watch-sessions/watch-sessions";

export default {
  fetch(request, env, ctx) {
    const { pathname } = new URL(request.url);
    return pathname === "/api" || pathname.startsWith("/api/")
      ? app.fetch(request, env, ctx)
      : serveSpa(request, env, async (r) => app.fetch(r, env, ctx));
  },
  async scheduled(_controller, env, ctx) {
    ctx.waitUntil(runScheduledJobs(env));
  },
  async queue(batch, env, _ctx) {
    await consumeQueueBatch(batch, env);
  },
} satisfies ExportedHandler<Env>;
