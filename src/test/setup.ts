import { cleanup, configure } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { assertNoUnexpectedConsoleError, watchConsoleError } from "./console";
import { stubFetch } from "./fetch";
import "./matchers";
import { clearTestQueryClients } from "./query-client";

// findBy/waitFor give up after this long. The first render of a lazily loaded screen (admin, the player)
// imports its chunk, which takes over the default second on a busy CI machine; what a test waits for
// still has to happen, only later.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  watchConsoleError();
  // Every signed-in screen's header asks for the bell (docs/decisions/046): answered empty, and any other
  // call 404, until the test stubs fetch itself.
  stubFetch({});
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
