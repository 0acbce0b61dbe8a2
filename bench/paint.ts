// First paint on a phone (docs/architecture.md §6, issue "Fast on a phone"): builds nothing itself (the npm
// script builds first), serves the production build with `vite preview` on its own seeded D1/R2, puts a
// brotli-compressing proxy in front (as the edge does), and runs Lighthouse's mobile defaults on home signed
// out, a player page and a creator page, several cold runs each. Medians go to bench/paint-results.json and,
// with --readme, to README's "First paint on a phone".
// Run: npm run bench:paint [-- --runs=5 --readme --port=4398]
import { execSync, spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { startCompressingProxy } from "./paint/proxy.ts";
import { lighthouseOnce, type PaintSample } from "./paint/lighthouse-run.ts";

const arg = (name: string, fallback: string) =>
  process.argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback;
const RUNS = Number(arg("runs", "5"));
const PROXY_PORT = Number(arg("port", "4398"));
const PREVIEW_PORT = PROXY_PORT + 1;
const UPDATE_README = process.argv.includes("--readme");
const STATE_DIR = ".wrangler/bench-paint";
const env = { ...process.env, REELPAY_STATE_DIR: STATE_DIR };
const origin = `http://127.0.0.1:${PREVIEW_PORT}`;
const started = Date.now();

execSync("npm run db:migrate:local && npm run seed", { env, stdio: ["ignore", "ignore", "inherit"] });
const preview = spawn(
  "npx",
  ["vite", "preview", "--port", String(PREVIEW_PORT), "--strictPort", "--host", "127.0.0.1"],
  {
    env,
    stdio: ["ignore", "ignore", "inherit"],
    detached: true,
  },
);
const stopPreview = () => {
  try {
    process.kill(-preview.pid!, "SIGTERM");
  } catch {
    /* already gone */
  }
};
process.on("exit", stopPreview);

let previewExited = false;
preview.on("exit", () => (previewExited = true));

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    // Another server on the port (a preview left running) would answer instead, with another build's files.
    if (previewExited) throw new Error(`vite preview exited: is port ${PREVIEW_PORT} taken? (--port=N moves it)`);
    const ok = await fetch(`${origin}/api/content?limit=1`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`vite preview did not answer on ${origin}`);
}

/** Every script and style sheet the home page names is served as such: the build measured is the one served. */
async function expectFilesServed() {
  const html = await (await fetch(`${origin}/`, { headers: { accept: "text/html" } })).text();
  for (const [, path] of html.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)) {
    const response = await fetch(`${origin}${path!}`);
    const type = response.headers.get("content-type") ?? "";
    await response.arrayBuffer();
    if (!response.ok || !/javascript|css/.test(type))
      throw new Error(`${path} answered ${response.status} ${type}: not this build's file`);
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

type PageResult = {
  page: string;
  path: string;
  runs: PaintSample[];
  median: Omit<PaintSample, "lcp_element">;
  lcp_element: string;
};

async function main() {
  await waitForServer();
  await expectFilesServed();
  await startCompressingProxy(PROXY_PORT, origin);
  const gallery = (await (await fetch(`${origin}/api/content?limit=24`)).json()) as
    { items?: { id: string; type: string; created_by: string }[] } | { id: string; type: string; created_by: string }[];
  const items = Array.isArray(gallery) ? gallery : (gallery.items ?? []);
  const video = items.find((i) => i.type === "video");
  if (!video) throw new Error("the seeded gallery has no video");
  const pages = [
    { page: "home (signed out)", path: "/" },
    { page: "player", path: `/content/${video.id}` },
    { page: "creator", path: `/creator/${video.created_by}` },
  ];
  const load = [loadavg()[0]!];
  const results: PageResult[] = [];
  for (const p of pages) {
    // One warm-up visit, not counted, so the proxy's compressed copies and the Worker's isolate exist (the edge
    // keeps both); each counted run is still a cold browser.
    await lighthouseOnce(`http://127.0.0.1:${PROXY_PORT}${p.path}`);
    const runs: PaintSample[] = [];
    for (let i = 0; i < RUNS; i++) {
      runs.push(await lighthouseOnce(`http://127.0.0.1:${PROXY_PORT}${p.path}`));
      process.stdout.write(".");
    }
    const keys = Object.keys(runs[0]!).filter((k) => k !== "lcp_element") as (keyof Omit<PaintSample, "lcp_element">)[];
    const med = Object.fromEntries(keys.map((k) => [k, median(runs.map((r) => r[k]))])) as PageResult["median"];
    results.push({
      page: p.page,
      path: p.path.replace(/[0-9A-HJKMNP-TV-Z]{26}/, "{id}"),
      runs,
      median: med,
      lcp_element: runs[0]!.lcp_element,
    });
    console.log(
      `\n${p.page}: perf ${med.performance}, LCP ${(med.lcp_ms / 1000).toFixed(2)} s, FCP ${(med.fcp_ms / 1000).toFixed(2)} s, SI ${(med.speed_index_ms / 1000).toFixed(2)} s, TBT ${Math.round(med.tbt_ms)} ms, CLS ${med.cls.toFixed(3)}, JS ${(med.js_transfer / 1024).toFixed(1)} KiB br (${(med.js_resource / 1024).toFixed(1)} KiB), CSS ${(med.css_transfer / 1024).toFixed(1)} KiB br; LCP: ${runs[0]!.lcp_element}`,
    );
  }
  load.push(loadavg()[0]!);
  const report = {
    date: new Date().toISOString().slice(0, 10),
    machine: `${cpus().length} CPUs, ${process.arch}, Node ${process.version}`,
    lighthouse: JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")).version as string,
    runs_per_page: RUNS,
    load_average: load.map((l) => Number(l.toFixed(2))),
    seconds: Math.round((Date.now() - started) / 1000),
    pages: results,
  };
  writeFileSync("bench/paint-results.json", `${JSON.stringify(report, null, 2)}\n`);
  if (UPDATE_README) writeReadme(report);
  const goalsMet = results.every(
    (r) => r.median.performance >= 95 && r.median.lcp_ms <= 2500 && r.median.tbt_ms <= 150 && r.median.cls <= 0.05,
  );
  console.log(
    goalsMet ? "All goals met." : "Some goals are not met (performance ≥ 95, LCP ≤ 2.5 s, TBT ≤ 150 ms, CLS ≤ 0.05).",
  );
}

function writeReadme(report: {
  date: string;
  machine: string;
  lighthouse: string;
  runs_per_page: number;
  load_average: number[];
  seconds: number;
  pages: PageResult[];
}) {
  const kib = (b: number) => (b / 1024).toFixed(1);
  const rows = report.pages.map((p) => {
    const m = p.median;
    return `| ${p.page} \`${p.path}\` | ${m.performance} | ${(m.lcp_ms / 1000).toFixed(2)} s | ${(m.fcp_ms / 1000).toFixed(2)} s | ${(m.speed_index_ms / 1000).toFixed(2)} s | ${Math.round(m.tbt_ms)} ms | ${m.cls.toFixed(3)} | ${kib(m.js_transfer)} (${kib(m.js_resource)}) | ${kib(m.css_transfer)} (${kib(m.css_resource)}) |`;
  });
  const block = [
    "<!-- bench:paint:start -->",
    `Measured by \`npm run bench:paint -- --readme\` on ${report.date}: ${report.machine}, Lighthouse ${report.lighthouse} (mobile defaults: simulated slow 4G, 4× CPU), system Chromium, ${report.runs_per_page} cold runs per page after one warm-up, medians; load average ${report.load_average.join(" → ")}; whole run ${report.seconds} s. JavaScript and CSS: KiB on the wire with brotli (decoded KiB).`,
    "",
    "| page | performance | LCP | FCP | Speed Index | TBT | CLS | JS KiB | CSS KiB |",
    "|---|---|---|---|---|---|---|---|---|",
    ...rows,
    "<!-- bench:paint:end -->",
  ].join("\n");
  const readme = readFileSync("bench/README.md", "utf8");
  const re = /<!-- bench:paint:start -->[\s\S]*<!-- bench:paint:end -->/;
  if (!re.test(readme)) throw new Error("README.md has no bench:paint markers");
  writeFileSync("bench/README.md", readme.replace(re, block));
}

main()
  .catch((e: unknown) => {
    console.error(e);
    process.exitCode = 1;
  })
  .finally(() => {
    stopPreview();
    process.exit();
  });
