import { z } from "zod";

/** POST /api/sessions: the sign-in callback's code and state (Google's, or the local sign-in page's). */
export const signInBody = z.object({
  code: z.string().trim().min(1, "code is required").max(4096),
  state: z.string().trim().min(1, "state is required").max(512),
});
export type SignInBody = z.input<typeof signInBody>;
