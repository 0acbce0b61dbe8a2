import { z } from "zod";

// The admin's list of members (docs/product-spec.md §3 "User (admin list)").

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** A member with content count and balances, from the same parts as the wallet. */
const adminUserOut = z.object({
  id: z.string(),
  email: z.string(),
  username: z.string().nullable(),
  created_at: z.string(),
  /** 1 for an administrator (ADMIN_EMAILS). */
  is_admin: z.literal([0, 1]),
  content_count: z.number().int(),
  viewer_balance: z.number(),
  creator_balance: z.number(),
  /** What a payment may draw on now, and what is still held (docs/decisions/019). */
  available_balance: z.number(),
  pending_balance: z.number(),
  suspended: z.boolean(),
});
export type AdminUserJson = z.output<typeof adminUserOut>;

/** GET /api/admin/users: every member (at most 5000), newest first. */
export const adminUsersOut = z.array(adminUserOut);
