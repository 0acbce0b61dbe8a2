import { applyD1Migrations, env } from "cloudflare:test";

// Setup files run before each test file; applyD1Migrations only applies what is not applied yet.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
