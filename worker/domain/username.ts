import { normalizeUsername, usernameError } from "../../common/username";
import { setUsername } from "../db/queries/members/users";
import { badRequest, conflict } from "../lib/errors";
import type { MemberCall } from "./member-context";

/**
 * The public name of a member without a username: "Member " and the last six characters of their id
 * (random in a ULID). It has a space, so no username can ever equal it, and it tells nothing of the email.
 * The email's local part (docs/product-spec.md §2) could pass for another creator's chosen name (docs/decisions/017).
 * worker/db/queries/content/content.ts `CREATOR_NAME` is the same rule for queries over `users u`.
 */
const memberName = (userId: string) => `Member ${userId.slice(-6).toUpperCase()}`;

/** What a creator is called in public: the username, else their member name. */
export function displayName(user: { id: string; username: string | null }): string {
  return user.username || memberName(user.id);
}

/**
 * The member's new username (docs/decisions/041): checked by the shared rule, then written; another member
 * holding it is a 409 (the unique index decides, so two members racing for one name cannot both get it).
 */
export async function changeUsername({ ctx: { db, actor }, input: { username } }: MemberCall<{ username: string }>) {
  // Stored in NFC, so the name typed as "a + combining accent" and the one typed as "á" are one name.
  const name = normalizeUsername(username);
  const problem = usernameError(name);
  if (problem) throw badRequest(problem);
  if (!(await setUsername(db, { userId: actor.id, username: name })))
    throw conflict("That username is already taken", "username_taken");
  return name;
}
