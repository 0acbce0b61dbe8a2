import { afterEach, describe, expect, it, vi } from "vitest";

// The module reads the page once; each test loads it afresh on a page of its own.
async function load(json: string | null) {
  vi.resetModules();
  document.getElementById("boot-answers")?.remove();
  if (json !== null) {
    const script = document.createElement("script");
    script.type = "application/json";
    script.id = "boot-answers";
    script.textContent = json;
    document.head.append(script);
  }
  return import("./boot-answers");
}

afterEach(() => vi.restoreAllMocks());

describe("answers the page carries for its first calls", () => {
  it("answers a GET of the same address once, with the status and body written, then leaves it to the network", async () => {
    const { takeBootAnswer } = await load(
      JSON.stringify({
        "/api/content": { status: 200, body: { items: [], next_cursor: null } },
        "/api/users/me": { status: 401, body: { error: "Not signed in" } },
      }),
    );
    const first = takeBootAnswer("/api/content")!;
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ items: [], next_cursor: null });
    expect(takeBootAnswer("/api/content")).toBeNull();
    const me = takeBootAnswer("/api/users/me")!;
    expect([me.status, me.ok]).toEqual([401, false]);
    expect(takeBootAnswer("/api/content?creator=X")).toBeNull();
    // Read once and taken out of the page.
    expect(document.getElementById("boot-answers")).toBeNull();
  });

  it("is not used once the page has been open for a while: the data may have changed", async () => {
    const { takeBootAnswer } = await load(JSON.stringify({ "/api/content": { status: 200, body: { items: [] } } }));
    vi.spyOn(performance, "now").mockReturnValue(60_000);
    expect(takeBootAnswer("/api/content")).toBeNull();
  });

  it("a page without answers, or with damaged ones, costs only the round trips", async () => {
    expect((await load(null)).takeBootAnswer("/api/content")).toBeNull();
    expect((await load("{not json")).takeBootAnswer("/api/content")).toBeNull();
  });
});

describe("the typed client", () => {
  it("takes a carried answer instead of fetching, and still fetches what the page does not carry", async () => {
    await load(JSON.stringify({ "/api/analytics/config": { status: 200, body: { ga4_id: null } } }));
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockResolvedValue(Response.json({ items: [], next_cursor: null }));
    const { api } = await import("./api");
    expect(await api.GET("/api/analytics/config")).toEqual({ ga4_id: null });
    expect(fetchSpy).not.toHaveBeenCalled();
    await api.GET("/api/content");
    expect(fetchSpy).toHaveBeenCalledTimes(1);
  });
});
