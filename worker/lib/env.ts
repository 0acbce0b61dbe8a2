import { z } from "zod";

// Validated once per isolate: a missing secret is reported clearly instead of failing deep inside a route.
const envSchema = z.object({
  SESSION_SECRET: z.string().min(32, "SESSION_SECRET must be at least 32 characters"),
  GOOGLE_CLIENT_ID: z.string().default(""),
  GOOGLE_CLIENT_SECRET: z.string().default(""),
  ADMIN_EMAILS: z.string().default(""),
  DEV_LOGIN: z.string().default("false"),
  // The public thumbnail bucket's custom domain (docs/decisions/083): an origin, no path, or empty.
  THUMBS_ORIGIN: z
    .string()
    .default("")
    .refine((v) => v === "" || /^https?:\/\/[a-z0-9.-]+(:\d+)?$/i.test(v), {
      message:
        "THUMBS_ORIGIN must be an origin such as https://thumbs.example.com (no path, no trailing slash), or empty",
    }),
  // How long an isolate gathers visits and ad beacons into one queue message (docs/decisions/087); 0 sends each
  // at once (the tests).
  TRAFFIC_GATHER_MS: z.coerce
    .number({ message: "TRAFFIC_GATHER_MS must be a number of milliseconds" })
    .int("TRAFFIC_GATHER_MS must be a whole number of milliseconds")
    .min(0, "TRAFFIC_GATHER_MS must be between 0 and 10000")
    .max(10_000, "TRAFFIC_GATHER_MS must be between 0 and 10000")
    .default(0),
});

export type Settings = {
  sessionSecret: string;
  googleClientId: string;
  googleClientSecret: string;
  adminEmails: ReadonlySet<string>;
  devLogin: boolean;
  /** Where pages load thumbnails from without the Worker (docs/decisions/083); null: the Worker's route. */
  thumbsOrigin: string | null;
  /** How long an isolate gathers traffic into one queue message (docs/decisions/087); 0: each at once. */
  trafficGatherMs: number;
};

const cache = new WeakMap<object, Settings>();

/**
 * A Google client secret that only stands in for a real one: empty (.dev.vars.example) or starting with
 * `test-` (vitest.config.ts). Any other value counts as a configured Google client (docs/decisions/017).
 */
export const isPlaceholderSecret = (secret: string) => secret.trim() === "" || secret.startsWith("test-");

/** What the Worker says once per isolate when DEV_LOGIN is on, naming the risk. */
export function devLoginWarning(settings: Pick<Settings, "devLogin" | "googleClientSecret">): string | null {
  if (!settings.devLogin) return null;
  const risk =
    "DEV_LOGIN=true: the local sign-in lets anyone who reaches this Worker as localhost sign in as any email, " +
    "admins included. Never set it outside local development (docs/decisions/017).";
  return isPlaceholderSecret(settings.googleClientSecret)
    ? risk
    : `${risk} GOOGLE_CLIENT_SECRET is set as well, which only a real deployment has: local sign-in is refused until one of them is removed.`;
}
let devLoginWarned = false;

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
    thumbsOrigin: e.THUMBS_ORIGIN === "" ? null : e.THUMBS_ORIGIN,
    trafficGatherMs: e.TRAFFIC_GATHER_MS,
  };
  cache.set(env, settings);
  const warning = devLoginWarning(settings);
  if (warning && !devLoginWarned) {
    devLoginWarned = true;
    console.warn(warning);
  }
  return settings;
}
