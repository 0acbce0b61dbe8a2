// Measures the JavaScript a first visit to the home route downloads (docs/architecture.md §6: ≤ 150 KB gzipped):
// the entry script, everything it imports statically, and the home route's lazy module with its own
// static imports. Admin, charts and the other screens must not be in it.
// Run: npm run build && node bench/bundle-size.ts
import { readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

type Chunk = { file: string; isEntry?: boolean; imports?: string[]; dynamicImports?: string[]; src?: string };
const dist = "dist/client";
const manifest = JSON.parse(readFileSync(`${dist}/build-manifest.json`, "utf8")) as Record<string, Chunk>;

function staticClosure(keys: string[], seen = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    staticClosure(manifest[key].imports ?? [], seen);
  }
  return seen;
}

const entry = Object.keys(manifest).find((k) => manifest[k]!.isEntry)!;
const home = Object.keys(manifest).find((k) => k.endsWith("src/routes/home.tsx"));
if (!home) throw new Error("home route chunk not found in the manifest");
const keys = staticClosure([entry, home]);
const rows = [...keys].map((k) => {
  const bytes = readFileSync(`${dist}/${manifest[k]!.file}`);
  return { file: manifest[k]!.file, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
});
const total = rows.reduce((s, r) => s + r.gzip, 0);
const forbidden = rows.filter((r) => /admin|chart|traffic/i.test(r.file));
for (const r of rows.sort((a, b) => b.gzip - a.gzip))
  console.log(`${(r.gzip / 1024).toFixed(1).padStart(7)} KB gz  ${r.file}`);
console.log(`home route initial JavaScript: ${(total / 1024).toFixed(1)} KB gzipped (goal ≤ 150 KB)`);
if (forbidden.length)
  console.log(`NOTE: admin/chart code in the home route: ${forbidden.map((r) => r.file).join(", ")}`);
process.exitCode = total <= 150 * 1024 && !forbidden.length ? 0 : 1;
