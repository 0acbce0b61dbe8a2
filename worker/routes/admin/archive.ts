import { Hono } from "hono";
import {
  archiveDayParams,
  archiveManifestOut,
  archiveWindowsChange,
  lifecycleOut,
  lifecycleRunOut,
} from "../../../common/schemas/archive";
import type { AppEnv } from "../../app-env";
import {
  changeArchiveWindows,
  downloadArchivedDay,
  readArchivedManifest,
  readLifecycle,
  runLifecycleNow,
} from "../../domain/archive/admin-lifecycle";
import { validate } from "../../lib/validate";
import { responds } from "../../openapi/responds";
import { adminContext } from "./admin-context";

/** Admin: the data lifecycle (docs/decisions/051) — windows, last run, "Run now", archived days and their files. */
export const adminArchiveRoutes = new Hono<AppEnv>()
  .get(
    "/archive",
    responds("Show the data lifecycle", {
      200: {
        description:
          "The archive windows with their minimums, the last run's report, and each dataset's archived days.",
        schema: lifecycleOut,
      },
    }),
    async (c) => c.json(await readLifecycle({ ctx: adminContext(c), input: { env: c.env } }), 200),
  )
  .put(
    "/archive/windows",
    responds("Change the archive windows", {
      200: { description: "The lifecycle after the change (each changed window audited).", schema: lifecycleOut },
    }),
    validate("json", archiveWindowsChange),
    async (c) =>
      c.json(
        await changeArchiveWindows({ ctx: adminContext(c), input: { env: c.env, windows: c.req.valid("json") } }),
        200,
      ),
  )
  .post(
    "/archive/run",
    responds("Run the data lifecycle now", {
      200: { description: "What this run moved, per dataset (bounded like the cron's run).", schema: lifecycleRunOut },
    }),
    async (c) => c.json(await runLifecycleNow({ ctx: adminContext(c), input: { env: c.env, nowMs: Date.now() } }), 200),
  )
  .get(
    "/archive/:dataset/:day",
    responds("Download an archived day", {
      200: {
        description:
          "The day's rows as gzip NDJSON (its parts' gzip members in order: one gzip file), as an attachment.",
        media: "application/gzip",
      },
    }),
    validate("param", archiveDayParams),
    async (c) => {
      const file = await downloadArchivedDay({ ctx: adminContext(c), input: { env: c.env, ...c.req.valid("param") } });
      return new Response(file.body, {
        status: 200,
        headers: {
          "Content-Type": "application/gzip",
          "Content-Disposition": `attachment; filename="${file.filename}"`,
        },
      });
    },
  )
  .get(
    "/archive/:dataset/:day/manifest",
    responds("Show an archived day's manifest", {
      200: {
        description:
          "The manifest as stored in R2: parts with key ranges, rows, bytes and SHA-256, and the previous day's manifest hash.",
        schema: archiveManifestOut,
      },
    }),
    validate("param", archiveDayParams),
    async (c) =>
      c.json(await readArchivedManifest({ ctx: adminContext(c), input: { env: c.env, ...c.req.valid("param") } }), 200),
  );
