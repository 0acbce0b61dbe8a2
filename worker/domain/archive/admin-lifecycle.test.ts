import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { readLastRun } from "../../db/queries/archive/archive";
import { makeUser, testDb } from "../../test/factories";
import type { AdminContext } from "../admin/admin-context";
import {
  changeArchiveWindows,
  downloadArchivedDay,
  readArchivedManifest,
  readLifecycle,
  runLifecycleNow,
} from "./admin-lifecycle";

// The lifecycle's admin services check their caller themselves (docs/decisions/041): a member's context is
// refused before anything is read, run or written.

describe("the data lifecycle's admin services refuse a member", () => {
  it("reading, changing the windows, running and downloading", async () => {
    const ctx: AdminContext = { db: testDb(), actor: { id: (await makeUser()).id, isAdmin: false } };
    const forbidden = { kind: "forbidden" };
    const day = { env, dataset: "visits" as const, day: "2026-01-01" };
    await expect(readLifecycle({ ctx, input: { env } })).rejects.toMatchObject(forbidden);
    await expect(
      changeArchiveWindows({
        ctx,
        input: { env, windows: { archive_visits_after_days: 91, archive_views_after_days: 40 } },
      }),
    ).rejects.toMatchObject(forbidden);
    await expect(runLifecycleNow({ ctx, input: { env, nowMs: Date.now() } })).rejects.toMatchObject(forbidden);
    await expect(downloadArchivedDay({ ctx, input: day })).rejects.toMatchObject(forbidden);
    await expect(readArchivedManifest({ ctx, input: day })).rejects.toMatchObject(forbidden);
    expect(await readLastRun(env.DB)).toBeNull();
    expect(await env.DB.prepare(`select count(*) as n from settings where key like 'archive_%'`).first("n")).toBe(0);
  });
});
