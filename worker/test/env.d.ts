import type { D1Migration } from "cloudflare:test";

declare global {
  namespace Cloudflare {
    interface Env {
      TEST_MIGRATIONS: D1Migration[];
      /** Files of e2e/fixtures and worker/test/fixtures, name → base64 (see vitest.config.ts). */
      TEST_FIXTURES: Record<string, string>;
      /** worker/db/schema/triggers-and-views.sql (see vitest.config.ts). */
      TEST_DB_OBJECTS: string;
    }
  }
}
