import { env } from "cloudflare:test";
import { expect } from "vitest";
import type { Browser } from "./http";

/** Starts a view through the API; returns its id. */
export async function startView(browser: Browser, contentId: string, discovery = "browse", device = { fingerprint: "fp-test", ip: "" }) {
  const res = await browser.json(
    "/api/playback-events",
    "POST",
    { content_id: contentId, event_type: "start", second_mark: 0, discovery_method: discovery, device_fingerprint: device.fingerprint },
    device.ip ? { "cf-connecting-ip": device.ip } : {},
  );
  expect(res.status, await res.clone().text()).toBe(201);
  return (await res.json<{ view_id: string }>()).view_id;
}

export async function sendProgress(browser: Browser, contentId: string, seconds: number, viewId?: string, type = "progress") {
  const res = await browser.json("/api/events/playback", "POST", { content_id: contentId, view_id: viewId, event_type: type, second_mark: seconds });
  return { status: res.status, body: await res.json<{ accepted: boolean; qualified: boolean; error?: string }>() };
}

/** Moves a view's start back in time, as if the viewer had been watching that long. */
export async function ageView(viewId: string, ms: number) {
  const started = new Date(Date.now() - ms).toISOString();
  await env.DB.prepare("update views set started_at = ? where id = ?").bind(started, viewId).run();
}

export async function earningsOf(userId: string) {
  const row = await env.DB.prepare("select coalesce(sum(amount_micros), 0) as micros, count(*) as n from earnings where user_id = ?")
    .bind(userId)
    .first<{ micros: number; n: number }>();
  return row!;
}
