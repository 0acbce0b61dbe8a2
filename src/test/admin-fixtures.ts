import type { AdAnalyticsResponse } from "../../common/schemas/admin-analytics";
import type { AdminEarningJson } from "../../common/schemas/admin-money";
import type { AdminUserJson } from "../../common/schemas/admin-users";
import type { BonusAwardJson, ChallengeJson } from "../../common/schemas/challenges";
import type { ModeratedItemJson, ModerationUserResponse } from "../../common/schemas/moderation";
import type { ReviewJson } from "../../common/schemas/admin-reviews";
import { sumUsd } from "../lib/money";
import { makePayment } from "./earnings-fixtures";
import { stubFetch } from "./fetch";

// Admin API answers for the admin dashboard's tests (test-only: imported by *.test.tsx files alone).

// GET /api/admin/earning-rules answers as the signed-in GET /api/earning-rules does.
export { earningRules } from "./earnings-fixtures";

let sequence = 0;
const nextId = (tag: string) => `01J00000000000000000${tag}${(++sequence).toString().padStart(6 - tag.length, "0")}`;

export function makeAdminUser(overrides: Partial<AdminUserJson> = {}): AdminUserJson {
  const id = nextId("U");
  return {
    id,
    email: `user${sequence}@example.com`,
    username: `user${sequence}`,
    created_at: "2026-01-05T10:00:00.000Z",
    is_admin: 0,
    content_count: 0,
    viewer_balance: 0,
    creator_balance: 0,
    // All available unless a test says otherwise.
    available_balance: sumUsd([overrides.viewer_balance ?? 0, overrides.creator_balance ?? 0]),
    pending_balance: 0,
    suspended: false,
    ...overrides,
  };
}

export const viewer = makeAdminUser({ email: "viewer@example.com", username: null, viewer_balance: 30 });
export const ben = makeAdminUser({
  email: "ben@example.com",
  username: "benny",
  content_count: 12,
  creator_balance: 1.5,
});

export function makeEarning(overrides: Partial<AdminEarningJson> = {}): AdminEarningJson {
  return {
    id: nextId("E"),
    user_id: viewer.id,
    content_id: null,
    creator_email: viewer.email,
    amount_usd: 1.235,
    description: "Promo work",
    created_at: "2026-11-20T09:00:00.000Z",
    ...overrides,
  };
}

export function makeBonus(overrides: Partial<BonusAwardJson> = {}): BonusAwardJson {
  return {
    id: nextId("B"),
    user_id: viewer.id,
    user_email: viewer.email,
    challenge_ids: "Manual",
    total_bonus_amount: 5,
    status: "awarded",
    awarded_at: "2026-11-20T09:00:00.000Z",
    created_at: "2026-11-20T09:00:00.000Z",
    description: "Manual bonus",
    review_reasons: [],
    review_note: null,
    reviewed_at: null,
    ...overrides,
  };
}

export function makeChallenge(overrides: Partial<ChallengeJson> = {}): ChallengeJson {
  return {
    id: nextId("C"),
    name: "Watch 10 streams",
    description: "Watch 10 different items to 80%.",
    requirement_type: "streams_completed",
    requirement_value: 10,
    bonus_amount: 25,
    time_limit_hours: 24,
    is_active: true,
    created_at: "2026-01-01T00:00:00.000Z",
    updated_at: "2026-01-01T00:00:00.000Z",
    ...overrides,
  };
}

/** An open fraud flag as the sweep writes it: two new accounts watching each other (GET /api/admin/reviews). */
export function makeReview(overrides: Partial<ReviewJson> = {}): ReviewJson {
  return {
    id: nextId("R"),
    rule: "ring",
    status: "open",
    // The server titles every flag of a rule alike; the accounts tell them apart.
    title: "New accounts watching each other",
    evidence: [
      "Both accounts were created within 7 days of these views, and each watched the other's items",
      "6 views one way and 6 views the other: 12 paid views still in holding",
    ],
    users: [
      { id: viewer.id, email: viewer.email, username: viewer.username, created_at: "2026-11-20T08:00:00.000Z" },
      { id: ben.id, email: ben.email, username: ben.username, created_at: "2026-11-20T09:00:00.000Z" },
    ],
    earnings_count: 24,
    views_count: 12,
    amount_usd: 0.072,
    created_at: "2026-11-22T10:00:00.000Z",
    decided_at: null,
    decided_by_email: null,
    note: null,
    ...overrides,
  };
}

/** An item with open reports as GET /api/admin/moderation lists it: Ben's, reported twice for spam and once for abuse. */
export function makeModeratedItem(overrides: Partial<ModeratedItemJson> = {}): ModeratedItemJson {
  return {
    content_id: nextId("M"),
    title: "Loud Ad",
    creator_id: ben.id,
    creator_name: ben.username!,
    creator_email: ben.email,
    creator_suspended: false,
    status: "visible",
    removed_note: null,
    deleted: false,
    counts: { spam: 2, abuse: 1 },
    open_reports: 3,
    latest_notes: [
      { reason: "abuse", note: "Shouts at viewers", created_at: "2026-11-24T12:00:00.000Z" },
      { reason: "spam", note: "Same clip posted daily", created_at: "2026-11-23T12:00:00.000Z" },
    ],
    first_reported_at: "2026-11-22T12:00:00.000Z",
    last_reported_at: "2026-11-24T12:00:00.000Z",
    ...overrides,
  };
}

/** GET /api/admin/moderation/users/{id}: Ben in good standing, one report received, none made, no actions yet. */
export function makeModerationMember(overrides: Partial<ModerationUserResponse> = {}): ModerationUserResponse {
  return {
    user: {
      id: ben.id,
      email: ben.email,
      username: ben.username,
      is_admin: false,
      suspended: false,
      suspended_note: null,
      suspended_at: null,
    },
    comment_reports_received: [],
    comment_reports_made: [],
    reports_received: [
      {
        content_id: "01J0000000000000000000LOUD",
        title: "Loud Ad",
        content_deleted: false,
        reason: "spam",
        note: "Same clip posted daily",
        status: "open",
        created_at: "2026-11-23T12:00:00.000Z",
      },
    ],
    reports_made: [],
    actions: [],
    ...overrides,
  };
}

export const adminPayment = (overrides: Parameters<typeof makePayment>[0] = {}) =>
  makePayment({ user_id: viewer.id, user_email: viewer.email, ...overrides });

/** GET /api/admin/analytics/ads before any ad was shown (the Analytics tab's Ads card). */
export const noAdEvents: AdAnalyticsResponse = {
  startDate: "2026-10-27",
  endDate: "2026-11-25",
  totals: {
    impressions: 0,
    starts: 0,
    first_quartiles: 0,
    midpoints: 0,
    third_quartiles: 0,
    completes: 0,
    skips: 0,
    clicks: 0,
    errors: 0,
    completion_rate: 0,
    skip_rate: 0,
    click_through_rate: 0,
  },
  byPosition: [],
  days: [],
};

type Routes = Parameters<typeof stubFetch>[0];

/** Stubs fetch with the users list (the pickers and summary need it), no payments, no ad events, plus `routes`. */
export const stubAdmin = (routes: Routes = {}) =>
  stubFetch({
    "GET /api/admin/users": { body: [viewer, ben] },
    "GET /api/admin/payments": { body: [] },
    "GET /api/admin/payout-requests": { body: [] },
    "GET /api/admin/payout-batches": { body: [] },
    "GET /api/admin/dead-letters": { body: { items: [], total: 0 } },
    "GET /api/admin/analytics/ads": { body: noAdEvents },
    ...routes,
  });
