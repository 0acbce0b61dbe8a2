// The Worker for bench/delivery.ts: the real app and watch-session object, plus two
// bench-only routes on loopback: `POST /bench/media?key=…&size=…` (one R2 object and its content row,
// bench/worker-entry/seed-routes.ts) and `GET /bench/delivered?viewer=…&content=…` (the bytes the viewer's
// object holds as served for that item: the union of its kept ranges, docs/decisions/029 and 064).
import worker from "../../worker/index.ts";
import { WatchSessions as Base } from "../../worker/watch-sessions/watch-sessions.ts";
import { media } from "./seed-routes.ts";
import { json } from "./json.ts";

export class WatchSessions extends Base {
  benchDelivered(contentId: string) {
    return this.ctx.storage.sql
      .exec<{ start: number; end_exclusive: number }>(
        "select start, end_exclusive from deliveries where content_id = ? order by start",
        contentId,
      )
      .toArray()
      .map((r) => [r.start, r.end_exclusive] as [number, number]);
  }
}

const LOOPBACK = new Set(["127.0.0.1", "localhost", "[::1]"]);

export default {
  async fetch(request, env, ctx) {
    const url = new URL(request.url);
    if (!url.pathname.startsWith("/bench/")) return worker.fetch(request, env, ctx);
    if (!LOOPBACK.has(url.hostname)) return json({ error: "bench routes answer on loopback only" }, 403);
    if (url.pathname === "/bench/media" && request.method === "POST") return media(env, url);
    if (url.pathname === "/bench/delivered") {
      const ns = env.WATCH_SESSIONS as unknown as DurableObjectNamespace<WatchSessions>;
      const ranges = await ns
        .get(ns.idFromName(url.searchParams.get("viewer") ?? ""))
        .benchDelivered(url.searchParams.get("content") ?? "");
      return json({ ranges, bytes: ranges.reduce((sum, [a, b]) => sum + b - a, 0) });
    }
    return json({ error: "no such bench route" }, 404);
  },
} satisfies ExportedHandler<Env>;
