import type { ReviewJson, ReviewsResponse } from "../../../common/schemas/admin-reviews";
import type { ReviewRow } from "../../db/queries/reviews/reviews";
import { REVIEW_TITLES } from "../../domain/reviews/evidence";
import { usd } from "../../lib/money";

/** A fraud-sweep flag with its evidence and the earnings it covers (docs/decisions/019). */
export function reviewJson(r: ReviewRow): ReviewJson {
  return {
    id: r.id,
    rule: r.rule,
    status: r.status,
    title: REVIEW_TITLES[r.rule],
    evidence: JSON.parse(r.evidence) as string[],
    users: JSON.parse(r.users) as ReviewJson["users"],
    earnings_count: r.earningsCount,
    views_count: r.viewsCount,
    amount_usd: usd(r.amountMicros),
    created_at: r.createdAt,
    decided_at: r.decidedAt,
    decided_by_email: r.decidedByEmail,
    note: r.note,
  };
}

export const reviewsJson = (rows: ReviewRow[]): ReviewsResponse => ({ reviews: rows.map(reviewJson) });
