import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  KEPT_AT_SETTLE,
  PLAYBACK_COUNTING_CODES,
  PLAYBACK_NOT_EARNING_CODES,
  playerReasonText,
  SETTLE_RULES,
  START_RULES,
  VIEW_REASON_CODES,
  VIEW_REASONS,
} from "../../../../common/earning-policy";
import { REFUSES, startRefusalSql, unpaidReasonSql, type ViewRef } from "./rule-predicates";

const rules = { qualify_percent: 80, views_per_item_per_day: 3 };

// Every rule of the earning policy (docs/decisions/067) has its words and its SQL: adding a code to
// common/earning-policy.ts without either fails here (and type checking fails first for the Record types).

/** A view of nothing: every rule's SQL must run, and refuse nothing that is not there. */
const NOBODY: ViewRef = {
  viewer: "'nobody'",
  creator: "'somebody'",
  content: "'nothing'",
  day: "'2026-01-01'",
  ipHash: "'abcdefgh'",
};

describe("the earning policy", () => {
  it("words every reason code for the wallet, on both sides and for both kinds of item", () => {
    for (const code of VIEW_REASON_CODES) {
      for (const side of ["viewer", "creator"] as const) {
        for (const medium of ["video", "track"] as const) {
          const words = VIEW_REASONS[code].wallet({ side, medium, watchedPercent: 62, rules });
          expect(words, `${code} (${side}, ${medium})`).not.toBe(code);
          expect(words.length, `${code} (${side}, ${medium})`).toBeGreaterThan(10);
        }
      }
    }
  });

  it("words every reason the player can show", () => {
    for (const code of [...PLAYBACK_NOT_EARNING_CODES, ...PLAYBACK_COUNTING_CODES]) {
      expect(playerReasonText(code, rules), code).not.toBe(code);
      expect(playerReasonText(code, rules), code).not.toBe(code === "daily_cap" ? "viewer_daily_cap" : code);
    }
  });

  it("names each settle rule once, and the start's and the kept ones among them", () => {
    expect(new Set(SETTLE_RULES).size).toBe(SETTLE_RULES.length);
    for (const rule of [...START_RULES, ...KEPT_AT_SETTLE]) expect(SETTLE_RULES).toContain(rule);
    // The network cap needs the view's own address, which a view only has once it is recorded.
    expect(START_RULES).not.toContain("network_cap");
  });

  it("has SQL for every settle rule that runs in D1 and refuses a view of nothing only for what it lacks", async () => {
    for (const rule of SETTLE_RULES) {
      const row = await env.DB.prepare(`select ${REFUSES[rule](NOBODY)} as refuses`).first<{
        refuses: number | null;
      }>();
      // The length rule reads the item's duration, which a missing item does not have.
      expect(row?.refuses, rule).toBe(rule === "too_short" ? null : 0);
    }
    const start = await env.DB.prepare(`select ${startRefusalSql(NOBODY, START_RULES)} as rule`).first<{
      rule: string | null;
    }>();
    expect(start?.rule).toBeNull();
  });

  it("names a settled view's reason by the first rule that refuses it", async () => {
    const own = await env.DB.prepare(
      `select ${unpaidReasonSql("v")} as reason from (select 'a' as viewer_id, 'a' as creator_id, 'x' as content_id,
         '2026-01-01' as qualified_day, '' as ip_hash, 'suspended' as unpaid_reason) v`,
    ).first<{ reason: string }>();
    expect(own?.reason).toBe("own_content");
    const kept = await env.DB.prepare(
      `select ${unpaidReasonSql("v")} as reason from (select 'a' as viewer_id, 'b' as creator_id, 'x' as content_id,
         '2026-01-01' as qualified_day, '' as ip_hash, 'network_cap' as unpaid_reason) v`,
    ).first<{ reason: string }>();
    expect(kept?.reason).toBe("network_cap");
  });
});
