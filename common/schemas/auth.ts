import { z } from "zod";
import { okOut } from "./ok";
import { currentUserOut } from "./users";

/** POST /api/sessions: the sign-in callback's code and state (Google's, or the local sign-in page's). */
export const signInBody = z.object({
  code: z.string().trim().min(1, "code is required").max(4096),
  state: z.string().trim().min(1, "state is required").max(512),
});
export type SignInBody = z.input<typeof signInBody>;

// ── Answers ──────────────────────────────────────────────────────────────────────────────────────────────

/** GET /api/oauth/google/redirect_url: where the browser goes to sign in (Google, or the local sign-in page). */
export const redirectUrlOut = z.object({ redirectUrl: z.string() });
export type RedirectUrlResponse = z.output<typeof redirectUrlOut>;

/** POST /api/sessions. `created`: a new account was made (the SPA's "user_signup" analytics event). */
export const sessionOut = z.object({ user: currentUserOut, created: z.boolean() });
export type SessionResponse = z.output<typeof sessionOut>;

/** GET /api/logout. */
export const logoutOut = okOut;
export type LogoutResponse = z.output<typeof logoutOut>;
