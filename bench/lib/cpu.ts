// CPU time used by this process and everything it started (wrangler's workerd processes), from /proc.
// On a busy machine wall-clock throughput swings with other people's work; CPU time per byte does not,
// so it tells whether one route does more work per byte than another. Linux only; null elsewhere.
import { execFileSync } from "node:child_process";
import { readFileSync, readdirSync } from "node:fs";

let ticksPerSecond: number | null = null;

function clockTicks(): number {
  if (ticksPerSecond === null) {
    try {
      ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/** utime + stime in ms of this process and all its descendants, or null without /proc. */
export function treeCpuMs(): number | null {
  let entries: string[];
  try {
    entries = readdirSync("/proc").filter((d) => /^\d+$/.test(d));
  } catch {
    return null;
  }
  const parent = new Map<number, number>();
  const ticks = new Map<number, number>();
  for (const d of entries) {
    try {
      const stat = readFileSync(`/proc/${d}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      parent.set(Number(d), Number(fields[1]));
      ticks.set(Number(d), Number(fields[11]) + Number(fields[12]));
    } catch {
      // the process ended meanwhile
    }
  }
  const root = process.pid;
  let total = 0;
  for (const [pid, t] of ticks) {
    for (let p: number | undefined = pid; p !== undefined && p > 1; p = parent.get(p)) {
      if (p === root) {
        total += t;
        break;
      }
    }
  }
  return (total * 1000) / clockTicks();
}
