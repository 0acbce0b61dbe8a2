import { z } from "zod";
import type { Db } from "../../db/client";
import { enrolInChallenges } from "../../db/queries/challenges/challenge-progress";
import { createSession, findOrCreateUser } from "../../db/queries/members/users";
import { randomToken, sha256Hex } from "../../lib/crypto";
import type { Settings } from "../../lib/env";
import { badRequest, conflict, unauthorized } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { addMs, nowIso } from "../../lib/time";
import { CHALLENGES_START } from "../challenges/rules";
import { devLoginRefusal } from "./dev-login";
import { verifyGoogleCode, type VerifiedIdentity } from "./google";

const DEV_CODE_PREFIX = "dev:";
/** How long a session lasts from sign-in; the session cookie lives as long. */
export const SESSION_DAYS = 30;

/** The local sign-in of docs/architecture.md §4: only with DEV_LOGIN=true and only for requests from this machine. */
function devIdentity(settings: Settings, requestUrl: URL, requestHeaders: Headers, code: string): VerifiedIdentity {
  const refusal = devLoginRefusal(settings, requestUrl, requestHeaders);
  if (refusal) throw unauthorized(refusal, "dev_login_disabled");
  const email = z.email().safeParse(code.slice(DEV_CODE_PREFIX.length).trim().toLowerCase());
  if (!email.success) throw badRequest("code: local sign-in needs a valid email", "invalid_input");
  return { email: email.data, googleSub: null };
}

export type SignInParams = {
  db: Db;
  settings: Settings;
  requestUrl: URL;
  requestHeaders: Headers;
  code: string;
  verifier: string;
};

/** Verifies the code, finds or creates the user and opens a session; returns the cookie token. */
export async function signIn({ db, settings, requestUrl, requestHeaders, code, verifier }: SignInParams) {
  const identity = code.startsWith(DEV_CODE_PREFIX)
    ? devIdentity(settings, requestUrl, requestHeaders, code)
    : await verifyGoogleCode(settings, requestUrl.origin, code, verifier);
  const now = nowIso();
  const { user, created } = await findOrCreateUser(db, {
    id: newId(),
    email: identity.email,
    googleSub: identity.googleSub,
    createdAt: now,
  });
  // The account found by email signs in with another Google account (email addresses can be reassigned,
  // e.g. in Google Workspace): the subject id, not the email, is the identity, so this is someone else.
  if (identity.googleSub && user.googleSub !== identity.googleSub) {
    throw conflict(
      "This email address belongs to an account that signs in with a different Google account. Sign in with that one.",
      "account_linked_elsewhere",
    );
  }
  // New users take part in the sign-on challenges from the moment they sign up.
  if (created && now > CHALLENGES_START) await enrolInChallenges(db, user.id, now);
  const token = randomToken();
  await createSession(db, {
    tokenHash: await sha256Hex(token),
    userId: user.id,
    createdAt: now,
    expiresAt: addMs(now, SESSION_DAYS * 24 * 3600 * 1000),
  });
  return { user, created, token };
}
