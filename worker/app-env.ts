import type { Db } from "./db/client";
import type { Settings } from "./lib/env";

export type SessionUser = {
  id: string;
  email: string;
  username: string | null;
  createdAt: string;
  isAdmin: boolean;
  /** Suspended by moderators (docs/decisions/027): signed in, but refused every write of the active tier. */
  suspended: boolean;
};

/** Hono environment shared by every sub-app. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    requestId: string;
    db: Db;
    settings: Settings;
    user: SessionUser | null;
  };
};

/** The Variables once `requireUser` has run. */
export type SignedInEnv = AppEnv & { Variables: AppEnv["Variables"] & { user: SessionUser } };
