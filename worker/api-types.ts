// Response shapes of the API, as plain types with no runtime imports, so the SPA can import them too
// (`import type`) and both sides fail to compile when one changes (docs/decisions/006).

/** Every error body (one error handler on the server). */
export type ApiErrorBody = { error: string; code?: string; requestId: string };

/** GET /api/users/me, and `user` in POST /api/sessions (spec §3 "Current user"). */
export type CurrentUserJson = {
  id: string;
  email: string;
  username: string | null;
  is_admin: 0 | 1;
  created_at: string;
};

/** GET /api/users/{id}: a creator's public card (docs/decisions/004). */
export type CreatorCardJson = { id: string; username: string | null; display_name: string; created_at: string };

export type RedirectUrlResponse = { redirectUrl: string };
export type SessionResponse = { user: CurrentUserJson };
export type LogoutResponse = { ok: true };
