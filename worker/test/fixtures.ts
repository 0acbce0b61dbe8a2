import { env } from "cloudflare:test";

/** The bytes of a fixture file (e2e/fixtures or worker/test/fixtures). */
export function fixture(name: string): Uint8Array {
  const b64 = env.TEST_FIXTURES[name];
  if (!b64) throw new Error(`no fixture named ${name}; known: ${Object.keys(env.TEST_FIXTURES).join(", ")}`);
  return Uint8Array.from(atob(b64), (ch) => ch.charCodeAt(0));
}
