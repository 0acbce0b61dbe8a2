#!/usr/bin/env node
// Part of `npm run lint`: the docs (docs/**/*.md, every README.md) cite only files that exist. Checked:
//  - markdown links to files (`[022](decisions/022-cheap-earnings-poll.md)`), resolved from the citing file;
//  - repository paths, backticked or not (`worker/domain/views/rules.ts`, bench/worker-entry/), from the
//    repository root, when they start with a top-level folder of ours;
//  - root files: backticked config names (`wrangler.jsonc`) and any file name in capitals (`DESIGN.md`,
//    README.md), so a document outside the repository (the design brief, ../shared/DESIGN.md) is never cited
//    as if it were in it. A name right after a "/" is part of a longer path and left alone.
// Not checked: globs, placeholders (`<id>`, `{n}`, `…`), URLs, and bare file names (`rules.test.ts` names a
// file near the path just cited). A path that has gone is allowed when "(since moved to …)", ", since moved
// to …" or "since removed" follows it: historical decision records keep the name they were written with.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const TOP_DIRS = ["worker", "src", "common", "docs", "e2e", "bench", "scripts", "seed", "migrations", "public", ".ci"];
const ROOT_FILE =
  /^([A-Z][A-Z0-9_-]*\.md|package(-lock)?\.json|wrangler\.jsonc|tsconfig(\.\w+)?\.json|[\w-]+\.config\.ts|knip\.jsonc|eslint\.config\.js|index\.html|\.dev\.vars\.example|\.nvmrc|worker-configuration\.d\.ts)$/;
const PLACEHOLDER = /[*<>{}…|$]|\.\.\.|\s/;

/** The Markdown files to check: docs/ whole, and every README.md outside generated folders. */
function markdownFiles() {
  const out = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (
        ["node_modules", ".git", ".cache", ".wrangler", "dist", "test-results", "playwright-report"].includes(
          entry.name,
        )
      )
        continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (
        entry.name.endsWith(".md") &&
        (full.startsWith(path.join(root, "docs") + path.sep) || entry.name === "README.md")
      )
        out.push(full);
    }
  };
  walk(root);
  return out.sort();
}

/** Strips a line or anchor suffix: `a.ts:12`, `a.ts#L3`, `spec.md#5`. */
const bare = (p) => p.replace(/#.*$/, "").replace(/:\d+(-\d+)?$/, "");

const HISTORICAL = /^`?\)?\s*[(,]\s*since (moved|removed)/;
const ROOTED = new RegExp(
  `(?<![\\w./-])(?:${TOP_DIRS.map((d) => d.replace(".", "\\.")).join("|")})/[\\w./-]*[\\w/]`,
  "g",
);
const CAPS_FILE = /(?<![\w./-])[A-Z][A-Z0-9_-]*\.md\b/g;

/** The cited repository paths of one Markdown text, each with its line and where it resolves. */
function citedPaths(text, fileDir) {
  const cited = [];
  text.split("\n").forEach((line, i) => {
    const add = (cited_, resolved, end) => {
      if (!HISTORICAL.test(line.slice(end))) cited.push({ line: i + 1, cited: cited_, resolved });
    };
    for (const m of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      const target = m[1];
      if (/^(https?:|mailto:|#)/.test(target)) continue;
      const p = bare(decodeURI(target));
      if (p) add(target, path.resolve(fileDir, p), m.index + m[0].length);
    }
    // Link targets are done: blank them so their text is not read again as a plain path.
    const text_ = line.replace(/\]\(([^)\s]+)\)/g, (m) => " ".repeat(m.length));
    for (const m of text_.matchAll(/`([^`\n]+)`/g)) {
      const p = bare(m[1].trim().replace(/^\.\//, ""));
      if (!p || PLACEHOLDER.test(p) || /^[a-z]+:/.test(p)) continue;
      const top = p.split("/")[0];
      const rooted = p.includes("/") && TOP_DIRS.includes(top) && /\.\w+$|\/$/.test(p);
      if (rooted || (!p.includes("/") && ROOT_FILE.test(p))) add(m[1], path.join(root, p), m.index + m[0].length);
    }
    // Plain text: the same rooted paths and capitalised root files, outside backticks.
    const plain = text_.replace(/`[^`\n]+`/g, (m) => " ".repeat(m.length));
    for (const m of plain.matchAll(ROOTED)) {
      const p = bare(m[0]).replace(/\.$/, "");
      if (!/\.\w+$|\/$/.test(p) || /[*{}<>…]/.test(plain[m.index + m[0].length] ?? "")) continue;
      add(p, path.join(root, p), m.index + m[0].length);
    }
    for (const m of plain.matchAll(CAPS_FILE)) add(m[0], path.join(root, m[0]), m.index + m[0].length);
  });
  return cited;
}

function main() {
  const missing = [];
  let count = 0;
  const fenced = /^```[\s\S]*?^```/gm;
  for (const file of markdownFiles()) {
    // Blank out fenced blocks but keep their lines, so line numbers stay right.
    const text = readFileSync(file, "utf8").replace(fenced, (block) => block.replace(/[^\n]/g, " "));
    for (const c of citedPaths(text, path.dirname(file))) {
      count++;
      const dirWanted = c.cited.endsWith("/");
      const ok = existsSync(c.resolved) && (!dirWanted || statSync(c.resolved).isDirectory());
      if (!ok) missing.push(`${path.relative(root, file)}:${c.line}: cites ${c.cited}, which is not in the repository`);
    }
  }
  if (missing.length) {
    console.error(missing.join("\n"));
    console.error(`check-doc-paths: ${missing.length} of ${count} cited paths do not exist`);
    process.exit(1);
  }
  console.log(`check-doc-paths: ${count} cited paths, all present`);
}

main();
