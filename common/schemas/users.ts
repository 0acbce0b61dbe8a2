import { z } from "zod";

/**
 * PATCH /api/users/me/username. The schema only bounds the text: the username rules (common/username.ts)
 * are checked by the route on the trimmed name, so their refusals keep the spec's exact words (§8) with no
 * field prefix.
 */
export const usernameChangeBody = z.object({ username: z.string().max(200, "Username must be between 3 and 20 characters") });
export type UsernameChangeBody = z.input<typeof usernameChangeBody>;
