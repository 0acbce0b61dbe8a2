// bench/delivery.ts: what the media stream counts as delivered (docs/decisions/029, 064) when a client
// does not read what it asked for. The real Worker in local workerd (wrangler's unstable_startWorker, through
// its dev proxy as with `wrangler dev`; bench/worker-entry/delivery-entry.ts adds a route that reads the viewer's counted
// ranges), and raw node:net clients that read the response headers (and whatever came in the same packet),
// then stop reading and hold the socket open before closing it; an honest reader that takes every byte is the
// control. Prints one line per case: bytes the client read, bytes the viewer's object counted.
//
//   node scripts/with-node.mjs 'node bench/delivery.ts'   # about 30 s
//   node scripts/with-node.mjs 'node bench/delivery.ts --port=8796 --hold=3000'
import { rmSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { BENCH_VARS, freshDatabase } from "./lib/server.ts";
import { signIn } from "./lib/http.ts";

const arg = (name: string, fallback: number) =>
  Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const PORT = arg("port", 8796);
const HOLD_MS = arg("hold", 3000);
const PERSIST = ".wrangler/bench-delivery-state";
const MB = 1_000_000;

type Raw = { status: number; read: number; ms: number };

/**
 * One GET on its own socket: reads until the headers are in (plus the body bytes of that same read), then, for
 * `holdMs`, reads nothing more (the socket's receive buffer fills and TCP stops the sender), then closes.
 * With `readAll` it reads the whole body instead, as a player that plays everything would.
 */
function rawGet(
  port: number,
  target: string,
  headers: Record<string, string>,
  holdMs: number,
  readAll = false,
): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const t0 = performance.now();
    const socket = net.connect(port, "127.0.0.1");
    const lines = [
      `GET ${target} HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      "Connection: close",
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(lines.join("\r\n") + "\r\n\r\n");
    let head = Buffer.alloc(0);
    let status = 0;
    let read = 0;
    socket.on("data", (chunk: Buffer) => {
      if (!status) {
        head = Buffer.concat([head, chunk]);
        const end = head.indexOf("\r\n\r\n");
        if (end < 0) return;
        status = Number(head.subarray(9, 12).toString());
        read = head.length - end - 4;
        if (!readAll) {
          socket.pause();
          setTimeout(() => {
            socket.destroy();
            resolve({ status, read, ms: performance.now() - t0 });
          }, holdMs);
        }
        return;
      }
      read += chunk.length;
    });
    socket.on("end", () => readAll && resolve({ status, read, ms: performance.now() - t0 }));
    socket.on("error", reject);
  });
}

async function main() {
  freshDatabase(PERSIST);
  const wrangler = await import("wrangler");
  const config = wrangler.unstable_readConfig({ config: "wrangler.jsonc" });
  const worker = await wrangler.unstable_startWorker({
    config: { ...config, assets: undefined, triggers: { crons: [] } },
    entrypoint: path.resolve("bench/worker-entry/delivery-entry.ts"),
    bindings: Object.fromEntries(Object.entries(BENCH_VARS).map(([k, v]) => [k, { type: "plain_text", value: v }])),
    dev: {
      remote: false,
      persist: PERSIST,
      server: { hostname: "127.0.0.1", port: PORT },
      inspector: false,
      watch: false,
      liveReload: false,
    },
  });
  try {
    await worker.ready;
    const origin = (await worker.url).origin;
    const item = async (size: number) =>
      (await (
        await fetch(`${origin}/bench/media?key=bench/delivery-${size}.bin&size=${size}`, { method: "POST" })
      ).json()) as { id: string; size: number };
    const viewer = async (name: string) => {
      const cookie = await signIn(origin, `${name}-${Date.now()}@bench.example`);
      const me = (await (await fetch(`${origin}/api/users/me`, { headers: { cookie } })).json()) as { id: string };
      return { cookie, id: me.id };
    };
    const counted = async (viewerId: string, contentId: string) => {
      // Reports go out within a second of a stall or a close (counted-body.ts); give them two.
      await new Promise((r) => setTimeout(r, 2000));
      return (
        (await (await fetch(`${origin}/bench/delivered?viewer=${viewerId}&content=${contentId}`)).json()) as {
          bytes: number;
        }
      ).bytes;
    };
    const line = (name: string, size: number, read: number, count: number, ms: number) =>
      console.log(
        `${name.padEnd(44)} item ${(size / MB).toFixed(1).padStart(5)} MB  read ${String(read).padStart(9)} B  counted ${(count / MB).toFixed(2).padStart(6)} MB (${((100 * count) / size).toFixed(0).padStart(3)} %)  ${(ms / 1000).toFixed(1)} s`,
      );

    const small = await item(6_300_000);
    const large = await item(32 * 1024 * 1024);
    for (const it of [small, large]) {
      const path_ = `/api/content/${it.id}/stream`;
      {
        const v = await viewer("headers");
        const r = await rawGet(PORT, path_, { cookie: v.cookie }, HOLD_MS);
        line(`headers only, held ${HOLD_MS / 1000} s`, it.size, r.read, await counted(v.id, it.id), r.ms);
      }
      {
        const v = await viewer("ranges");
        const t0 = performance.now();
        const rs = await Promise.all(
          [0, 1, 2, 3, 4, 5].map((k) =>
            rawGet(PORT, path_, { cookie: v.cookie, range: `bytes=${Math.floor((k * it.size) / 6)}-` }, HOLD_MS),
          ),
        );
        line(
          `six parallel ranges, held ${HOLD_MS / 1000} s`,
          it.size,
          rs.reduce((s, r) => s + r.read, 0),
          await counted(v.id, it.id),
          performance.now() - t0,
        );
      }
      {
        const v = await viewer("reader");
        const r = await rawGet(PORT, path_, { cookie: v.cookie }, 0, true);
        line("honest reader, every byte", it.size, r.read, await counted(v.id, it.id), r.ms);
      }
    }
  } finally {
    await worker.dispose();
    rmSync(PERSIST, { recursive: true, force: true });
  }
}

await main();
