/** The viewer's own watch-session object: one per signed-in user, so each viewer's events run in order. */
export const watchSessionsOf = (env: Env, viewerId: string) =>
  env.WATCH_SESSIONS.get(env.WATCH_SESSIONS.idFromName(viewerId));
