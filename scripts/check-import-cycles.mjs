#!/usr/bin/env node
// Part of `npm run lint`: no two modules of the SPA (src/**/*.{ts,tsx}) import each other, directly or round a
// longer circle (docs/decisions/069). ESLint's layer rules (eslint.config.js) stop imports running back up
// between src/ folders; this catches a circle inside one folder, which they cannot see. Relative imports
// only (`import … from`, `export … from`, `import("…")`, type-only ones included: a circle of types is still
// two modules that cannot be understood apart), resolved as TypeScript does: the path, then .ts, .tsx and
// index.ts(x). Before reading the tree it checks itself on a small fixture with a known circle, so a change
// that made it blind fails lint instead of passing everything.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SOURCE = /\.(ts|tsx)$/;
const STATIC_IMPORT = /\b(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?["']([^"']+)["']/g;
const DYNAMIC_IMPORT = /\bimport\(\s*["']([^"']+)["']\s*\)/g;
// Comments may quote an import; a "//" after ":" or a quote is a URL, not a comment.
const COMMENT = /\/\*[\s\S]*?\*\/|(^|[^:"'])\/\/.*$/gm;

/** The relative specifiers a module imports, in the order written. */
export function importSpecifiers(text) {
  const code = text.replace(COMMENT, "$1");
  const out = [];
  for (const pattern of [STATIC_IMPORT, DYNAMIC_IMPORT]) {
    for (const match of code.matchAll(pattern)) if (match[1].startsWith(".")) out.push(match[1]);
  }
  return out;
}

/** The file `specifier` names from `from`, or null when it is not one of `exists`' files. */
export function resolveImport(from, specifier, exists) {
  const base = path.resolve(path.dirname(from), specifier);
  const candidates = [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts"), path.join(base, "index.tsx")];
  return candidates.find((file) => SOURCE.test(file) && exists(file)) ?? null;
}

/** Module → the modules it imports, for `files` read with `read`. */
export function importGraph(files, read) {
  const known = new Set(files);
  const graph = new Map();
  for (const file of files) {
    const targets = importSpecifiers(read(file)).map((spec) => resolveImport(file, spec, (f) => known.has(f)));
    graph.set(file, [...new Set(targets.filter((t) => t !== null))]);
  }
  return graph;
}

/**
 * Circles in `graph`, each as the modules round it (first module repeated at the end), starting from its
 * smallest name so one circle is reported once. At least one circle per tangle of modules is found.
 */
export function findCycles(graph) {
  const state = new Map(); // module → "open" while on the walk's stack, "done" once all its imports are walked
  const stack = [];
  const found = new Map();
  const visit = (node) => {
    state.set(node, "open");
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (state.get(next) === "open") {
        const ring = stack.slice(stack.indexOf(next));
        const start = ring.indexOf([...ring].sort()[0]);
        const cycle = [...ring.slice(start), ...ring.slice(0, start)];
        found.set(cycle.join("\0"), [...cycle, cycle[0]]);
      } else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(node, "done");
  };
  for (const node of [...graph.keys()].sort()) if (!state.has(node)) visit(node);
  return [...found.values()];
}

/** Proves the check can fail: a fixture with one circle (through a type import and an index file) and none elsewhere. */
function selfCheck() {
  const fixture = new Map([
    ["/f/a.ts", 'import { b } from "./b";\nimport "./leaf";'],
    ["/f/b.tsx", "export {\n  c,\n} from './c/index';"],
    ["/f/c/index.ts", 'import type { A } from "../a";\nconst lazy = () => import("../leaf");'],
    [
      "/f/leaf.ts",
      'import { z } from "zod";\n// import { a } from "./a" in a comment closes no circle.\n/* export * from "./b"; */',
    ],
  ]);
  const cycles = findCycles(importGraph([...fixture.keys()], (f) => fixture.get(f)));
  const expected = ["/f/a.ts", "/f/b.tsx", "/f/c/index.ts", "/f/a.ts"].join(" → ");
  if (cycles.length !== 1 || cycles[0].join(" → ") !== expected) {
    throw new Error(
      `check-import-cycles: self-check failed; expected the one circle ${expected}, found ${JSON.stringify(cycles)}`,
    );
  }
}

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return SOURCE.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

function main() {
  selfCheck();
  const files = sourceFiles(path.join(root, "src"));
  const cycles = findCycles(importGraph(files, (file) => readFileSync(file, "utf8")));
  if (cycles.length === 0) {
    console.log(`check-import-cycles: no circles among ${files.length} modules of src/`);
    return;
  }
  console.error(
    `check-import-cycles: ${cycles.length} import circle(s) in src/; move the shared piece to a module both can import:`,
  );
  for (const cycle of cycles) console.error(`  ${cycle.map((file) => path.relative(root, file)).join(" → ")}`);
  process.exitCode = 1;
}

if (
  process.argv[1] &&
  import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href &&
  existsSync(process.argv[1])
)
  main();
