import { beforeEach, describe, expect, it, vi } from "vitest";
import { expectConsoleError } from "../test/console";
import { deferred, stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { useAuth } from "./auth";

beforeEach(() => {
  useAuth.setState({ user: null, pending: true });
  window.history.replaceState(null, "", "/");
});

describe("fetchUser", () => {
  it("signs the user in with the session cookie and ends pending", async () => {
    const fetchMock = stubFetch({ "GET /api/session": { body: { user: ava } } });
    await useAuth.getState().fetchUser();
    expect(useAuth.getState()).toMatchObject({ user: ava, pending: false });
    expect(fetchMock.mock.calls[0][1]).toMatchObject({ credentials: "same-origin" });
  });

  it("a visitor is signed out without any error logged", async () => {
    stubFetch({ "GET /api/session": { body: { user: null } } });
    await expect(useAuth.getState().fetchUser()).resolves.toBeNull();
    expect(useAuth.getState()).toMatchObject({ user: null, pending: false });
    // setup.ts fails the test on any console error it was not told to expect.
  });

  it("ends pending, stays signed out and logs the catalogue message on a non-OK status", async () => {
    const consoleError = expectConsoleError();
    stubFetch({ "GET /api/session": { status: 500 } });
    await expect(useAuth.getState().fetchUser()).resolves.toBeNull();
    expect(useAuth.getState()).toMatchObject({ user: null, pending: false });
    expect(consoleError).toHaveBeenCalledOnce();
    expect((consoleError.mock.calls[0][0] as Error).message).toBe(
      "Failed to fetch user: API responded with HTTP status 500",
    );
  });

  it("merges concurrent calls into one request", async () => {
    const reply = deferred<{ body: unknown }>();
    const fetchMock = stubFetch({ "GET /api/session": () => reply.promise });
    const first = useAuth.getState().fetchUser();
    const second = useAuth.getState().fetchUser();
    reply.resolve({ body: { user: ava } });
    expect(await Promise.all([first, second])).toEqual([ava, ava]);
    expect(fetchMock).toHaveBeenCalledOnce();
  });
});

describe("exchangeCodeForSessionToken", () => {
  it("refuses to run without a code in the URL", async () => {
    const fetchMock = stubFetch({});
    await expect(useAuth.getState().exchangeCodeForSessionToken()).rejects.toThrow(
      "Cannot exchange code for session token: no code provided in the URL search params.",
    );
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("posts the code and state, then re-fetches the user", async () => {
    window.history.replaceState(null, "", "/auth/callback?code=dev%3Aava%40example.com&state=s1");
    const fetchMock = stubFetch({
      "POST /api/sessions": { body: { user: ava } },
      "GET /api/session": { body: { user: ava } },
    });
    await useAuth.getState().exchangeCodeForSessionToken();
    expect(JSON.parse(fetchMock.mock.calls[0][1]?.body as string)).toEqual({
      code: "dev:ava@example.com",
      state: "s1",
    });
    expect(useAuth.getState().user).toEqual(ava);
  });

  it("rejects with the catalogue message when the server refuses the code", async () => {
    window.history.replaceState(null, "", "/auth/callback?code=stale&state=s1");
    stubFetch({ "POST /api/sessions": { status: 400 } });
    await expect(useAuth.getState().exchangeCodeForSessionToken()).rejects.toThrow(
      "Failed to exchange code for session token: API responded with HTTP status 400",
    );
  });

  it("merges concurrent exchanges into one request", async () => {
    window.history.replaceState(null, "", "/auth/callback?code=c1&state=s1");
    const fetchMock = stubFetch({
      "POST /api/sessions": { body: { user: ava } },
      "GET /api/session": { body: { user: ava } },
    });
    await Promise.all([
      useAuth.getState().exchangeCodeForSessionToken(),
      useAuth.getState().exchangeCodeForSessionToken(),
    ]);
    const posts = fetchMock.mock.calls.filter(([, init]) => init?.method === "POST");
    expect(posts).toHaveLength(1);
  });

  it("does not trust a user fetch that started before the session existed", async () => {
    window.history.replaceState(null, "", "/auth/callback?code=c1&state=s1");
    const staleReply = deferred<{ body: unknown }>();
    let userCalls = 0;
    let posted = false;
    const fetchMock = stubFetch({
      "POST /api/sessions": () => ((posted = true), { body: { user: ava } }),
      "GET /api/session": () => (++userCalls === 1 ? staleReply.promise : { body: { user: ava } }),
    });
    const startUp = useAuth.getState().fetchUser();
    const exchange = useAuth.getState().exchangeCodeForSessionToken();
    await vi.waitFor(() => expect(posted).toBe(true));
    // The stale fetch answers only after the session answer arrived, so the exchange finds it still open.
    await vi.waitFor(() =>
      expect(fetchMock.mock.settledResults.map((result) => result.type)).toEqual(["incomplete", "fulfilled"]),
    );
    // The stale answer says "visitor": it must not sign the new member out.
    staleReply.resolve({ body: { user: null } });
    await Promise.all([startUp, exchange]);
    expect(userCalls).toBe(2);
    expect(useAuth.getState().user).toEqual(ava);
  });
});

describe("logout", () => {
  it("clears the user before the server answers, then calls the logout endpoint", async () => {
    useAuth.setState({ user: ava, pending: false });
    const reply = deferred<{ body: unknown }>();
    const fetchMock = stubFetch({ "GET /api/logout": () => reply.promise });
    const done = useAuth.getState().logout();
    expect(useAuth.getState().user).toBeNull();
    reply.resolve({ body: { ok: true } });
    await done;
    expect(fetchMock).toHaveBeenCalledWith("/api/logout", expect.anything());
  });

  it("only logs when the logout request fails", async () => {
    const consoleError = expectConsoleError();
    useAuth.setState({ user: ava, pending: false });
    stubFetch({ "GET /api/logout": { status: 500 } });
    await expect(useAuth.getState().logout()).resolves.toBeUndefined();
    expect(useAuth.getState().user).toBeNull();
    expect(consoleError).toHaveBeenCalledOnce();
  });
});

describe("redirectToLogin", () => {
  it("sends the browser to the provider's address", async () => {
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    stubFetch({ "GET /api/oauth/google/redirect_url": { body: { redirectUrl: "/auth/dev?state=s1" } } });
    await useAuth.getState().redirectToLogin();
    expect(assign).toHaveBeenCalledWith("/auth/dev?state=s1");
  });

  it("logs the catalogue message and stays put when the server fails", async () => {
    const consoleError = expectConsoleError();
    const assign = vi.spyOn(window.location, "assign").mockImplementation(() => {});
    stubFetch({ "GET /api/oauth/google/redirect_url": { status: 503 } });
    await useAuth.getState().redirectToLogin();
    expect(assign).not.toHaveBeenCalled();
    expect((consoleError.mock.calls[0][0] as Error).message).toBe(
      "Failed to get login redirect URL: API responded with HTTP status 503",
    );
  });
});
