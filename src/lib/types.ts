// Shapes of the API responses the SPA reads. Kept by hand until the worker exports `AppType`.

/** The signed-in user as GET /api/users/me returns it; held whole, as returned. */
export type CurrentUser = {
  id: string;
  email: string;
  username: string | null;
  is_admin: 0 | 1;
  created_at: string;
};

/** Every API error has this body (one error handler on the server). */
export type ApiErrorBody = {
  error: string;
  code?: string;
  requestId: string;
};

export type RedirectUrlResponse = { redirectUrl: string };

export type SessionResponse = { user: CurrentUser };

export type LogoutResponse = { ok: true };
