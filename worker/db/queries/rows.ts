import type { auditLog, bonuses, challenges, earnings, payments } from "../schema";

// Rows as the queries give them back, for the layers above worker/db: routes and their serializers may not
// import the schema (eslint.config.js, docs/decisions/041), so the row types they need are named here.

export type AuditRow = typeof auditLog.$inferSelect;
export type BonusRow = typeof bonuses.$inferSelect;
export type ChallengeRow = typeof challenges.$inferSelect;
export type EarningRow = typeof earnings.$inferSelect;
export type PaymentRow = typeof payments.$inferSelect;
