// Sign-on challenges (docs/product-spec.md §5 "Challenge", §9; docs/architecture.md §4 "Challenges"); what an
// admin may set is common/challenges.ts and common/schemas/admin-challenges.ts.
/** Only accounts created after this are new users who take part. */
export const CHALLENGES_START = "2024-10-30T23:59:59.999Z";
