import { type MockInstance, vi } from "vitest";

// A console.error nobody asked for is a bug (a failed request, a React warning), so it fails the
// test. Tests that provoke one on purpose call `expectConsoleError()` and assert on what was logged.
let spy: MockInstance<typeof console.error> | null = null;
let expected = false;

export function watchConsoleError() {
  expected = false;
  spy = vi.spyOn(console, "error").mockImplementation(() => {});
}

/** Marks console.error as expected in this test; returns the spy to assert the logged messages. */
export function expectConsoleError(): MockInstance<typeof console.error> {
  if (!spy) throw new Error("console.error is not being watched; is src/test/setup.ts loaded?");
  expected = true;
  return spy;
}

export function assertNoUnexpectedConsoleError() {
  const calls = spy?.mock.calls ?? [];
  const wasExpected = expected;
  spy?.mockRestore();
  spy = null;
  if (calls.length > 0 && !wasExpected) {
    const logged = calls.map((args) => args.map(String).join(" ")).join("\n");
    throw new Error(`Unexpected console.error in this test:\n${logged}`);
  }
}
