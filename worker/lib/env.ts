import { z } from "zod";

// Validated once per isolate: a missing secret is reported clearly instead of failing deep inside a route.
const envSchema = z.object({
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
  GOOGLE_CLIENT_ID: z.string().default(""),
  GOOGLE_CLIENT_SECRET: z.string().default(""),
  ADMIN_EMAILS: z.string().default(""),
  DEV_LOGIN: z.string().default("false"),
});

export type Settings = {
  sessionSecret: string;
  googleClientId: string;
  googleClientSecret: string;
  adminEmails: ReadonlySet<string>;
  devLogin: boolean;
};

const cache = new WeakMap<object, Settings>();

export function settingsOf(env: Env): Settings {
  const hit = cache.get(env);
  if (hit) return hit;
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid Worker configuration: ${parsed.error.issues[0]?.message}`);
  const e = parsed.data;
  const settings: Settings = {
    sessionSecret: e.SESSION_SECRET,
    googleClientId: e.GOOGLE_CLIENT_ID,
    googleClientSecret: e.GOOGLE_CLIENT_SECRET,
    adminEmails: new Set(
      e.ADMIN_EMAILS.split(",")
        .map((s) => s.trim().toLowerCase())
        .filter(Boolean),
    ),
    devLogin: e.DEV_LOGIN === "true",
  };
  cache.set(env, settings);
  return settings;
}
