// Sign-on challenges (docs/product-spec.md §5 "Challenge", §9): what a challenge may ask for, and what a new
// one asks for when the admin leaves a field out.
export const REQUIREMENT_TYPES = ["streams_completed", "content_uploaded", "min_views_per_content"] as const;

export const DEFAULT_CHALLENGE = {
  requirement_type: "streams_completed" as const,
  requirement_value: 10,
  bonus_amount: 10,
  time_limit_hours: 24,
  is_active: true,
};
