import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** Files of e2e/fixtures and worker/test/fixtures, name → base64 (see vitest.config.ts). */
      TEST_FIXTURES: Record<string, string>;
    }
  }
}
