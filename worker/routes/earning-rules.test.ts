import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { EarningRulesJson } from "../../common/schemas/earning-rules";
import { signedInBrowser, uniqueEmail } from "../test/http";

describe("earning rules", () => {
  it("members read the rules; admins change one at a time, audited, and bad values get clear 400s", async () => {
    const memberRules = await (
      await (await signedInBrowser(uniqueEmail())).fetch("/api/earning-rules")
    ).json<EarningRulesJson>();
    expect(memberRules).toMatchObject({
      reward_usd: 0.003,
      qualify_percent: 80,
      views_per_item_per_day: 3,
      earnings_hold_days: 7,
    });
    const admin = await signedInBrowser("admin@example.com");
    const before = await (await admin.fetch("/api/admin/earning-rules")).json<EarningRulesJson>();
    expect(before).toEqual(memberRules);

    for (const [body, error] of [
      [{ key: "min_earning_seconds", value: 0 }, "value: min_earning_seconds must be at least 1"],
      [{ key: "min_earning_seconds", value: 2.5 }, "value: min_earning_seconds must be a whole number"],
      [{ key: "daily_earnable_views", value: 10_001 }, "value: daily_earnable_views must be at most 10000"],
      [{ key: "daily_earnable_views", value: "50" }, "value: daily_earnable_views must be a number"],
      [{ key: "earnings_hold_days", value: -1 }, "value: earnings_hold_days must be at least 0"],
      [{ key: "earnings_hold_days", value: 91 }, "value: earnings_hold_days must be at most 90"],
      [{ key: "reward", value: 1 }, "key: key must be min_earning_seconds, daily_earnable_views or earnings_hold_days"],
    ] as const) {
      const res = await admin.json("/api/admin/earning-rules", "PATCH", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json<{ error: string }>()).error).toBe(error);
    }

    const next = before.min_earning_seconds + 1;
    const res = await admin.json("/api/admin/earning-rules", "PATCH", { key: "min_earning_seconds", value: next });
    expect(await res.json()).toMatchObject({
      min_earning_seconds: next,
      daily_earnable_views: before.daily_earnable_views,
    });
    const audit = await env.DB.prepare(
      "select before, after from audit_log where entity = 'setting' and entity_id = 'min_earning_seconds' order by created_at desc limit 1",
    ).first();
    expect(audit).toEqual({
      before: JSON.stringify({ min_earning_seconds: String(before.min_earning_seconds) }),
      after: JSON.stringify({ min_earning_seconds: String(next) }),
    });
    await admin.json("/api/admin/earning-rules", "PATCH", {
      key: "min_earning_seconds",
      value: before.min_earning_seconds,
    });

    // 0 switches holding off (the one rule that may be 0).
    const off = await admin.json("/api/admin/earning-rules", "PATCH", { key: "earnings_hold_days", value: 0 });
    expect(await off.json()).toMatchObject({ earnings_hold_days: 0 });
    await admin.json("/api/admin/earning-rules", "PATCH", {
      key: "earnings_hold_days",
      value: before.earnings_hold_days,
    });
  });

  it("only admins change them", async () => {
    const member = await signedInBrowser(uniqueEmail());
    expect(
      (await member.json("/api/admin/earning-rules", "PATCH", { key: "daily_earnable_views", value: 1 })).status,
    ).toBe(403);
  });
});

describe("view reward", () => {
  it("anyone reads the reward, the share to watch and the paid views per item, as the members' rules say them", async () => {
    const res = await SELF.fetch("http://localhost/api/view-reward");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("public, max-age=3600");
    const member = await (
      await (await signedInBrowser(uniqueEmail())).fetch("/api/earning-rules")
    ).json<EarningRulesJson>();
    expect(await res.json()).toEqual({
      reward_usd: member.reward_usd,
      qualify_percent: member.qualify_percent,
      views_per_item_per_day: member.views_per_item_per_day,
    });
  });
});
