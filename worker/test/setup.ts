import { applyD1Migrations, env } from "cloudflare:test";
import { afterEach, beforeEach, expect, vi } from "vitest";

// Runs before each test file; applyD1Migrations only applies what is not applied yet.
await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);

// The error handler logs every unexpected failure with console.error (a 500 in production), so any
// console.error a test did not ask for fails that test. A test that expects one mocks console.error itself.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, "error");
});
afterEach(() => {
  const calls = errorSpy.getMockImplementation() ? [] : errorSpy.mock.calls;
  errorSpy.mockRestore();
  expect(calls, "unexpected console.error (an unhandled server error?)").toEqual([]);
});
