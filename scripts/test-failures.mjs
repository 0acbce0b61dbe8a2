// The failures of an `npm test` run, from its saved output, for the end of .ci/run's output: a CI page that keeps only
// the end of a long log then still says which test failed and why. Prints vitest's "Failed Tests" section and
// Playwright's failure reports and summary, each cut to a length a page holds. Runs on any Node (no dependencies).
import { readFileSync } from "node:fs";

const MAX_LINES = 160;
const file = process.argv[2];
if (!file) {
  console.error("usage: node scripts/test-failures.mjs <saved npm test output>");
  process.exit(2);
}
// The colours of a terminal's escape sequences.
const COLOURS = new RegExp(String.raw`\u001b\[[0-9;]*m`, "g");
const lines = readFileSync(file, "utf8").replace(COLOURS, "").split("\n");

/** Lines from the first that matches `start` up to (not including) the first after it that matches `end`. */
function section(start, end) {
  const from = lines.findIndex((line) => start.test(line));
  if (from < 0) return [];
  const rest = lines.slice(from + 1);
  const to = rest.findIndex((line) => end.test(line));
  return [lines[from], ...(to < 0 ? rest : rest.slice(0, to))];
}

const parts = [];
// vitest: "⎯⎯ Failed Tests 2 ⎯⎯" (or "Failed Suites") to its summary ("Test Files  1 failed | ...").
const unit = section(/Failed (Tests|Suites) \d+/, /^\s*Test Files\s/);
if (unit.length > 0)
  parts.push(["unit tests", [...unit, ...lines.filter((line) => /^\s*(Test Files|Tests)\s/.test(line))]]);
// Playwright's list reporter: numbered reports ("  1) [journeys] › e2e/x.spec.ts:3:1 › ..."), then "  N failed".
const e2e = section(/^\s+1\) \[/, /^\s+\d+ (passed|skipped|did not run)\b/);
if (e2e.length > 0) parts.push(["browser suite", e2e]);

if (parts.length === 0) {
  // Neither tool's report: a crash before either printed one. Its end says why.
  process.exit(1);
}
const share = Math.floor(MAX_LINES / parts.length);
for (const [name, part] of parts) {
  console.log(`ci: ── failures: ${name} ──`);
  const shown =
    part.length > share ? [...part.slice(0, share - 1), `… ${part.length - share + 1} more lines above`] : part;
  console.log(shown.join("\n"));
}
