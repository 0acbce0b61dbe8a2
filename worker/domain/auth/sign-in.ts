import { z } from "zod";
import type { Db } from "../../db/client";
import { createSession, findOrCreateUser } from "../../db/queries/users";
import { randomToken, sha256Hex } from "../../lib/crypto";
import type { Settings } from "../../lib/env";
import { ApiError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import { addMs, nowIso } from "../../lib/time";
import { CHALLENGES_START } from "../challenges/rules";
import { enrolStatement } from "../challenges/progress";
import { verifyGoogleCode, type VerifiedIdentity } from "./google";
import { SESSION_DAYS } from "./session-cookie";

export const DEV_CODE_PREFIX = "dev:";
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** The local sign-in of DESIGN.md §4: only with DEV_LOGIN=true and only for requests to localhost. */
export function devIdentity(settings: Settings, requestUrl: URL, code: string): VerifiedIdentity {
  if (!settings.devLogin || !LOCAL_HOSTS.has(requestUrl.hostname)) {
    throw new ApiError(401, "Local sign-in is not enabled", "dev_login_disabled");
  }
  const email = z.email().safeParse(code.slice(DEV_CODE_PREFIX.length).trim().toLowerCase());
  if (!email.success) throw new ApiError(400, "code: local sign-in needs a valid email", "invalid_input");
  return { email: email.data, googleSub: null };
}

export type SignInParams = {
  db: Db;
  settings: Settings;
  requestUrl: URL;
  code: string;
  verifier: string;
};

/** Verifies the code, finds or creates the user and opens a session; returns the cookie token. */
export async function signIn({ db, settings, requestUrl, code, verifier }: SignInParams) {
  const identity = code.startsWith(DEV_CODE_PREFIX)
    ? devIdentity(settings, requestUrl, code)
    : await verifyGoogleCode(settings, requestUrl.origin, code, verifier);
  const now = nowIso();
  const { user, created } = await findOrCreateUser(db, {
    id: newId(),
    email: identity.email,
    googleSub: identity.googleSub,
    createdAt: now,
  });
  // New users take part in the sign-on challenges from the moment they sign up.
  if (created && now > CHALLENGES_START) await enrolStatement(db.$client, user.id, now).run();
  const token = randomToken();
  await createSession(db, {
    tokenHash: await sha256Hex(token),
    userId: user.id,
    createdAt: now,
    expiresAt: addMs(now, SESSION_DAYS * 24 * 3600 * 1000),
  });
  return { user, created, token };
}
