// `npm run bench:growth`: does D1 stay flat as the days pass (docs/decisions/051)? On a fresh D1 file with every migration
// (bench/growth/sqlite-d1.ts) and the local R2 bucket ARCHIVE (wrangler's getPlatformProxy), it simulates --days
// days of --visits page visits and --views views a day, through the product's own SQL: the tracker's insert and
// rollups, the watch-session object's view row, the earnings job's settle path (both sides, held a day), the
// cron's page totals, then the data lifecycle job for the day (bench/growth/lifecycle.ts runLifecycleFor), and
// records D1's file size and R2's bytes after each day. Then it re-checks the ledger and the dashboards against
// the archive read back from R2 plus what D1 still holds. With --baseline no job runs: the "keep everything"
// baseline. Writes bench/growth-results.json; with --readme also README's table.
//
// Options: --days=121 --visits=5000 --views=1250  --baseline (keep everything)  --both (baseline, then the
// lifecycle, in one go)  --readme
import "./notifications/resolve-ts.ts";

await import("./growth/main.ts");
