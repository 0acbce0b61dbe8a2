import { describe, expect, it } from "vitest";
import type { NotificationJson } from "../../../common/schemas/notifications";
import { notificationLink, notificationText } from "./notification-text";

// Decision 066: a reversal names its cause. The server writes the causes of a day's reversed view rewards into the
// line's detail (worker/db/queries/notifications/notification-writes.ts): "takedown", "suspension", "review", comma-separated.

const reversed = (detail: string, count = 2, amount_usd = 0.006): NotificationJson => ({
  id: "1",
  kind: "views_reversed",
  group: "earnings",
  at: "2026-11-26T10:00:00.000Z",
  read: false,
  count,
  amount_usd,
  subject_id: null,
  detail,
  creator_id: null,
  creator_name: null,
});

describe("views_reversed on the bell", () => {
  it("names the one cause of a day's reversals", () => {
    expect(notificationText(reversed("review"))).toBe("2 view rewards reversed after a review: $0.006");
    expect(notificationText(reversed("takedown"))).toBe(
      "2 view rewards reversed after a takedown by moderators: $0.006",
    );
    expect(notificationText(reversed("suspension", 1, 0.003))).toBe(
      "1 view reward reversed after an account suspension: $0.003",
    );
  });

  it("names every cause of a day that had several, each once", () => {
    expect(notificationText(reversed("takedown,review"))).toBe(
      "2 view rewards reversed after a takedown by moderators and a review: $0.006",
    );
    expect(notificationText(reversed("review,suspension,takedown,review", 4, 0.012))).toBe(
      "4 view rewards reversed after a review, an account suspension, and a takedown by moderators: $0.012",
    );
  });

  it("never blames a review for a moderation reversal, and claims no cause it was not told", () => {
    expect(notificationText(reversed("takedown"))).not.toMatch(/review/);
    expect(notificationText(reversed("suspension"))).not.toMatch(/review/);
    // A line written before causes were kept, or a cause this screen does not know yet.
    expect(notificationText(reversed(""))).toBe("2 view rewards reversed: $0.006");
    expect(notificationText(reversed("chargeback"))).toBe("2 view rewards reversed: $0.006");
  });
});

const payout = (kind: NotificationJson["kind"], detail: string, amount_usd = 25): NotificationJson => ({
  id: "2",
  kind,
  group: "payments",
  at: "2026-11-29T10:00:00.000Z",
  read: false,
  count: 1,
  amount_usd,
  subject_id: "R",
  detail,
  creator_id: null,
  creator_name: null,
});

describe("payouts on the bell (decision 066)", () => {
  it("tells a changed payout address, a returned payout and a correction by what it did to the request", () => {
    expect(notificationText(payout("payout_address_changed", "PayPal · new@example.com"))).toBe(
      "Your payout address changed to PayPal · new@example.com. New payout requests can use it 7 days after the change. If this wasn't you, sign out everywhere and contact us.",
    );
    expect(notificationText(payout("payout_returned", "Receiver unregistered"))).toBe(
      "Your payout of $25.00 was returned: Receiver unregistered. The amount is available again.",
    );
    expect(notificationText(payout("payout_corrected", "reopened:Sent to a closed account"))).toBe(
      "A correction reopened your payout request of $25.00: Sent to a closed account. It will be paid again.",
    );
    expect(notificationText(payout("payout_corrected", "closed:PayPal returned it: twice"))).toBe(
      "A correction took back a payment of $25.00: PayPal returned it: twice. The amount is available again.",
    );
  });
});

describe("appeal decisions on the bell (docs/decisions/092)", () => {
  const decided = (
    kind: "appeal_upheld" | "appeal_granted",
    subject_id: string | null,
    detail: string,
    amount_usd = 0,
  ): NotificationJson => ({
    ...reversed("", 1, amount_usd),
    kind,
    group: "moderation",
    subject_id,
    detail,
  });

  it("names the item, or tells the suspension's outcome with the admin's note", () => {
    expect(notificationText(decided("appeal_upheld", "01J0000000000000000000ITEM", "My clip"))).toBe(
      "Your appeal was reviewed: “My clip” stays taken down",
    );
    expect(notificationText(decided("appeal_granted", "01J0000000000000000000ITEM", "My clip"))).toBe(
      "Your appeal was granted: “My clip” is visible again",
    );
    expect(notificationText(decided("appeal_upheld", null, "Repeated spam"))).toBe(
      "Your appeal was reviewed: your account stays suspended. Repeated spam",
    );
    expect(notificationText(decided("appeal_granted", null, ""))).toBe(
      "Your appeal was granted: your account is no longer suspended",
    );
  });

  it("says what a granted appeal gave back, held again (docs/decisions/096)", () => {
    expect(notificationText(decided("appeal_granted", "01J0000000000000000000ITEM", "My clip", 0.006))).toBe(
      "Your appeal was granted: “My clip” is visible again. $0.006 of earnings is held again and will be paid after the hold.",
    );
    expect(notificationText(decided("appeal_granted", null, "Cleared after review.", 1.5))).toBe(
      "Your appeal was granted: your account is no longer suspended. Cleared after review. $1.50 of earnings is held again and will be paid after the hold.",
    );
    expect(notificationText(decided("appeal_granted", null, "", 0.003))).toBe(
      "Your appeal was granted: your account is no longer suspended. $0.003 of earnings is held again and will be paid after the hold.",
    );
  });

  it("opens a restored item, and My Content otherwise", () => {
    expect(notificationLink(decided("appeal_granted", "01J0000000000000000000ITEM", "My clip"))).toBe(
      "/content/01J0000000000000000000ITEM",
    );
    expect(notificationLink(decided("appeal_upheld", "01J0000000000000000000ITEM", "My clip"))).toBe("/profile");
    expect(notificationLink(decided("appeal_granted", null, ""))).toBe("/profile");
  });
});

describe("new comments on the bell (decision 093)", () => {
  const comments = (count: number): NotificationJson => ({
    id: "3",
    kind: "new_comments",
    group: "comments",
    at: "2026-11-29T10:00:00.000Z",
    read: false,
    count,
    amount_usd: 0,
    subject_id: "01J00000000000000000000CI1",
    detail: "Night drive",
    creator_id: null,
    creator_name: null,
  });

  it("counts the day's comments on the item and leads to them", () => {
    expect(notificationText(comments(1))).toBe("1 new comment on “Night drive”");
    expect(notificationText(comments(12))).toBe("12 new comments on “Night drive”");
    expect(notificationLink(comments(3))).toBe("/content/01J00000000000000000000CI1#comments");
  });
});
