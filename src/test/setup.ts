import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { assertNoUnexpectedConsoleError, watchConsoleError } from "./console";
import "./matchers";
import { clearTestQueryClients } from "./query-client";

beforeEach(() => {
  watchConsoleError();
});

afterEach(() => {
  try {
    // Unmount first: an effect's cleanup may still log.
    cleanup();
    clearTestQueryClients();
    assertNoUnexpectedConsoleError();
  } finally {
    // Each test stubs fetch (the network boundary) itself; never let one leak into the next.
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  }
});
