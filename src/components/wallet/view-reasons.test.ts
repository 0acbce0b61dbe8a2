import { describe, expect, it } from "vitest";
import type { MyViewJson, ViewReason } from "../../../common/schemas/my-views";
import { earningRules } from "../../test/earnings-fixtures";
import { outcomeText, type ReasonContext, reasonTexts } from "./view-reasons";

// Every reason code the server documents (common/api-types.ts). `satisfies Record<ViewReason, …>` makes type
// checking fail here when a code is added there, so this list (and the texts it checks) cannot fall behind.
const everyReason = {
  too_fast: true,
  under_80: true,
  own_content: true,
  item_daily_cap: true,
  viewer_daily_cap: true,
  too_short: true,
  another_session: true,
  expired: true,
  under_review: true,
  given_back: true,
  reversed: true,
  removed: true,
  suspended: true,
  creator_suspended: true,
  not_delivered: true,
  network_cap: true,
  thin_media: true,
  small_picture: true,
  low_frame_rate: true,
} satisfies Record<ViewReason, true>;
const reasons = Object.keys(everyReason) as ViewReason[];

const view = (overrides: Partial<MyViewJson> = {}): MyViewJson => ({
  id: "v1",
  content_id: "c1",
  content_title: "Sunset",
  content_type: "video",
  content_deleted: false,
  started_at: "2026-11-16T14:05:00.000Z",
  watched_percent: 62,
  outcome: "not_earned",
  reason: null,
  amount_usd: 0,
  available_at: null,
  ...overrides,
});

const text = (overrides: Partial<MyViewJson>, side: ReasonContext["side"] = "viewer") =>
  outcomeText({ view: view(overrides), side, rules: earningRules });

describe("view reasons", () => {
  it("has a text of its own for every reason code, on both sides", () => {
    expect(Object.keys(reasonTexts).sort()).toEqual([...reasons].sort());
    for (const side of ["viewer", "creator"] as const) {
      for (const reason of reasons) {
        const shown = text({ outcome: "not_earned", reason }, side);
        expect(shown, `${reason} (${side})`).not.toBe(reason);
        expect(shown.length, `${reason} (${side})`).toBeGreaterThan(10);
      }
    }
  });

  it("words each reason a view did not earn", () => {
    const notEarned = (reason: ViewReason, overrides: Partial<MyViewJson> = {}) =>
      text({ outcome: "not_earned", reason, ...overrides });
    expect(notEarned("too_fast")).toBe("Progress came faster than the video plays — not counted");
    expect(notEarned("too_fast", { content_type: "audio" })).toBe(
      "Progress came faster than the track plays — not counted",
    );
    expect(notEarned("under_80")).toBe("Watched 62 % — a view earns at 80 %");
    expect(notEarned("own_content")).toBe("Your own content doesn't earn");
    expect(notEarned("item_daily_cap")).toBe("Already earned 3 times from this item today");
    expect(notEarned("viewer_daily_cap")).toBe("Daily limit of paid views reached");
    expect(notEarned("too_short")).toBe("Item is too short to earn");
    expect(notEarned("small_picture")).toBe("Item can't earn: its picture is smaller than 160×120");
    expect(notEarned("another_session")).toBe("Stopped when you started something else");
    expect(notEarned("expired")).toBe("Session timed out before any watching counted");
    expect(notEarned("not_delivered")).toBe("Most of the video was never streamed to this device — not counted");
    expect(notEarned("not_delivered", { content_type: "audio" })).toBe(
      "Most of the track was never streamed to this device — not counted",
    );
  });

  it("takes the numbers from the earning rules", () => {
    const rules = { ...earningRules, qualify_percent: 90, views_per_item_per_day: 1 };
    const context = (reason: ViewReason): ReasonContext => ({
      view: view({ reason, watched_percent: 85 }),
      side: "viewer",
      rules,
    });
    expect(outcomeText(context("under_80"))).toBe("Watched 85 % — a view earns at 90 %");
    expect(outcomeText(context("item_daily_cap"))).toBe("Already earned once from this item today");
  });

  it("speaks of 'the viewer' in the creator's list", () => {
    expect(text({ reason: "item_daily_cap" }, "creator")).toBe(
      "The viewer already earned 3 times from this item today",
    );
    expect(text({ reason: "viewer_daily_cap" }, "creator")).toBe("The viewer's daily limit of paid views was reached");
    expect(text({ reason: "another_session" }, "creator")).toBe("Stopped when the viewer started something else");
    expect(text({ reason: "not_delivered" }, "creator")).toBe(
      "Most of the video was never streamed to the viewer — not counted",
    );
  });

  it("words what a view earned, what waits, and what was taken back", () => {
    expect(text({ outcome: "earned", amount_usd: 0.003 })).toBe("Earned $0.003");
    // The UTC day: 23:30 UTC is the next day east of Greenwich.
    expect(text({ outcome: "pending", amount_usd: 0.003, available_at: "2026-11-23T23:30:00.000Z" })).toBe(
      "Pending until Nov 23, 2026",
    );
    expect(
      text({ outcome: "pending", reason: "under_review", amount_usd: 0.003, available_at: "2026-11-23T23:30:00.000Z" }),
    ).toBe("Pending — under review");
    // Given back by a granted appeal, held again (docs/decisions/096).
    expect(
      text({ outcome: "pending", reason: "given_back", amount_usd: 0.003, available_at: "2026-12-07T10:00:00.000Z" }),
    ).toBe("Given back after a granted appeal — pending until Dec 7, 2026");
    expect(text({ outcome: "reversed", reason: "reversed", amount_usd: 0.003 })).toBe("Reversed after a fraud review");
    expect(text({ outcome: "not_earned", reason: "removed" })).toBe("The item was removed by moderators — not counted");
    // Qualified, before the earnings job (every minute) has credited it: no date yet.
    expect(text({ outcome: "pending" })).toBe("Pending — being credited");
  });

  // Decision 066: "A reversal caused by a takedown reads 'Reversed after review'". Each reversal names its cause.
  it("names the cause of a reversal: a takedown, whose suspension, or a fraud review", () => {
    const reversed = (reason: ViewReason | null, side: ReasonContext["side"] = "viewer") =>
      text({ outcome: "reversed", reason, amount_usd: 0.003 }, side);
    for (const side of ["viewer", "creator"] as const) {
      expect(reversed("removed", side)).toBe("Reversed: content taken down");
      expect(reversed("reversed", side)).toBe("Reversed after a fraud review");
    }
    // The viewer was suspended: the viewer reads of their own account, the creator of the viewer's.
    expect(reversed("suspended")).toBe("Reversed: your account was suspended");
    expect(reversed("suspended", "creator")).toBe("Reversed: the viewer's account was suspended");
    // The creator was suspended: the viewer reads of the creator's account, the creator of their own.
    expect(reversed("creator_suspended")).toBe("Reversed: the creator's account was suspended");
    expect(reversed("creator_suspended", "creator")).toBe("Reversed: your account was suspended");
    // Only a fraud review's reversal speaks of a review; a moderation cause never does.
    for (const reason of ["removed", "suspended", "creator_suspended"] as const) {
      for (const side of ["viewer", "creator"] as const)
        expect(reversed(reason, side), `${reason} (${side})`).not.toMatch(/review/i);
    }
    // A reversal the server sends without a reason was a review's, as before moderation reversed anything.
    expect(reversed(null)).toBe("Reversed after a fraud review");
  });

  it("shows a reason code it does not know yet as the code", () => {
    expect(text({ reason: "brand_new" as ViewReason })).toBe("brand_new");
  });
});
