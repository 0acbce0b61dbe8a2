import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { contentListQuery } from "../../common/schemas/content";
import { makeProgress } from "../test/challenge-fixtures";
import { CREDIT_NOTICE_MS } from "../components/credit-notice";
import { readDiscovery } from "../lib/discovery";
import { SEARCH_MAX } from "../components/gallery/search-limit";
import { EARNINGS_POLL_MS } from "../queries/earnings-run";
import { useAuth } from "../stores/auth";
import { useCreditNotice } from "../stores/credit-notice";
import { useSearchDraft } from "../stores/search-draft";
import { expectConsoleError } from "../test/console";
import { contentPage, makeContent } from "../test/content-fixtures";
import { backgroundEarningsRoutes } from "../test/earnings-fixtures";
import { stubFetch } from "../test/fetch";
import { admin, ava } from "../test/fixtures";
import { renderApp } from "../test/render-route";

const jazz = makeContent({ title: "Late Night Jazz", type: "audio" });

/** Answers the gallery with `jazz` and returns the query of each gallery request. */
function stubGallery() {
  const queries: URLSearchParams[] = [];
  stubFetch({
    ...backgroundEarningsRoutes,
    "GET /api/content": (_init, url) => {
      queries.push(url.searchParams);
      return { body: contentPage([jazz]) };
    },
  });
  return queries;
}

beforeEach(() => {
  useAuth.setState({ user: null, pending: false });
  useSearchDraft.setState({ draft: "", committed: null, committedOn: null });
  useCreditNotice.setState({ credit: null });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("home page", () => {
  it("welcomes visitors with the gallery; Sign Up opens the sign-in modal", async () => {
    stubGallery();
    renderApp("/");
    await screen.findByRole("heading", { name: "Welcome to Reelpay", level: 1 });
    expect(screen.queryByRole("tab", { name: "Recommended for You" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Discover Content" })).toBeVisible();
    expect(await screen.findByRole("link", { name: "Late Night Jazz" })).toBeVisible();
    fireEvent.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(screen.getByRole("dialog", { name: "Welcome to Reelpay" })).toBeVisible();
  });

  it("shows signed-in users their sections, without admin shortcuts", async () => {
    stubGallery();
    useAuth.setState({ user: ava });
    renderApp("/");
    const recommended = await screen.findByRole("tabpanel", { name: "Recommended for You" });
    expect(await within(recommended).findByText(/Nothing to recommend yet/)).toBeVisible();
    expect(screen.queryByRole("heading", { name: "Welcome to Reelpay" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Bulk Upload" })).toBeNull();
    expect(await screen.findByRole("link", { name: "Late Night Jazz" })).toBeVisible();
  });

  it("shows a new member the sign-on challenge panel", async () => {
    stubFetch({
      ...backgroundEarningsRoutes,
      "GET /api/challenges/progress": { body: makeProgress() },
      "GET /api/content": { body: contentPage([jazz]) },
    });
    useAuth.setState({ user: ava });
    renderApp("/");
    const panel = await screen.findByRole("region", { name: "Sign-On Challenge" });
    expect(panel.textContent).toContain("0 of 3 completed");
    await screen.findByRole("link", { name: "Late Night Jazz" });
  });

  it("gives admins Bulk Upload and Admin buttons", async () => {
    stubGallery();
    useAuth.setState({ user: admin });
    renderApp("/");
    expect(await screen.findByRole("link", { name: "Bulk Upload" })).toHaveProperty("pathname", "/upload/bulk");
    // One Admin link in the header, one on the page.
    expect(screen.getAllByRole("link", { name: "Admin" })).toHaveLength(2);
    await screen.findByRole("link", { name: "Late Night Jazz" });
  });

  it("asks the gallery for the header's type filter and (after a pause in typing) its search", async () => {
    const queries = stubGallery();
    renderApp("/");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    expect(queries.at(-1)?.toString()).toBe("");

    fireEvent.click(screen.getByRole("button", { name: "Audio" }));
    await screen.findByRole("link", { name: "Late Night Jazz" });
    expect(queries.at(-1)?.get("type")).toBe("audio");

    const count = queries.length;
    fireEvent.change(screen.getByPlaceholderText("Search content or creators..."), { target: { value: "ja" } });
    fireEvent.change(await screen.findByPlaceholderText("Search content or creators..."), {
      target: { value: "jazz" },
    });
    await screen.findByText("jazz", { exact: false, selector: "p span" });
    await screen.findByRole("link", { name: "Late Night Jazz" });
    // Typing "ja" then "jazz" quickly makes one request, for the whole word, with the type kept.
    expect(queries.slice(count).map((q) => q.get("search"))).toEqual(["jazz"]);
    expect(queries.at(-1)?.get("type")).toBe("audio");
  });

  it("brings the gallery into view when a search starts or the type changes, and says what it searched for", async () => {
    // jsdom has no layout, hence no scrollIntoView: record who asks for it.
    const scrolled: Element[] = [];
    Object.defineProperty(HTMLElement.prototype, "scrollIntoView", {
      configurable: true,
      value(this: HTMLElement) {
        scrolled.push(this);
      },
    });
    try {
      const queries = stubGallery();
      useAuth.setState({ user: ava });
      renderApp("/");
      await screen.findByRole("link", { name: "Late Night Jazz" });
      const gallery = screen.getByRole("region", { name: "Discover Content" });
      // Opening the page leaves it at the top.
      expect(scrolled).toEqual([]);
      // The line that names the search is a live region from the start, so its change is announced.
      const status = within(gallery)
        .getAllByRole("status")
        .find((el) => !el.hasAttribute("aria-busy"))!;
      expect(status.textContent).toBe("");

      fireEvent.change(screen.getByRole("searchbox", { name: "Search content or creators" }), {
        target: { value: "jazz" },
      });
      await vi.waitFor(() => expect(status.textContent).toBe("Results for “jazz”"));
      await vi.waitFor(() => expect(scrolled).toEqual([gallery]));
      await vi.waitFor(() => expect(queries.at(-1)?.get("search")).toBe("jazz"));

      fireEvent.click(screen.getByRole("button", { name: "Videos" }));
      await vi.waitFor(() => expect(scrolled).toEqual([gallery, gallery]));

      // Clearing the search goes back to browsing where the member is.
      fireEvent.change(screen.getByRole("searchbox", { name: "Search content or creators" }), {
        target: { value: "" },
      });
      await vi.waitFor(() => expect(status.textContent).toBe(""));
      expect(scrolled).toHaveLength(2);
      await screen.findByRole("link", { name: "Late Night Jazz" });
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    }
  });

  it("opens a shared search link with its results in view", async () => {
    const scrolled: Element[] = [];
    Object.defineProperty(HTMLElement.prototype, "scrollIntoView", {
      configurable: true,
      value(this: HTMLElement) {
        scrolled.push(this);
      },
    });
    try {
      stubGallery();
      useAuth.setState({ user: ava });
      renderApp("/?q=jazz");
      await screen.findByRole("link", { name: "Late Night Jazz" });
      const gallery = screen.getByRole("region", { name: "Discover Content" });
      expect(within(gallery).getByText("jazz", { exact: false, selector: "p span" })).toBeVisible();
      // On opening (and again while the rows above arrive): the link asked for results, a screen or two down.
      expect(scrolled.length).toBeGreaterThan(0);
      expect(new Set(scrolled)).toEqual(new Set([gallery]));
    } finally {
      delete (HTMLElement.prototype as Partial<HTMLElement>).scrollIntoView;
    }
  });

  it("says a search without results in words of its own", async () => {
    stubFetch({
      ...backgroundEarningsRoutes,
      "GET /api/content": (_init, url) => ({ body: contentPage(url.searchParams.get("search") ? [] : [jazz]) }),
    });
    renderApp("/");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    fireEvent.change(screen.getByRole("searchbox", { name: "Search content or creators" }), {
      target: { value: "zzz" },
    });
    expect(await screen.findByText("Nothing matches this search. Try other words.")).toBeVisible();
    expect(screen.getByText("No content found")).toBeVisible();
    expect(screen.queryByText("Be the first to upload something!")).toBeNull();
  });

  it("stops the search box at the server's limit, and says so instead of searching for a longer one", async () => {
    expect(SEARCH_MAX).toBe(contentListQuery.shape.search.unwrap().maxLength);
    const queries = stubGallery();
    renderApp("/");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    const box = screen.getByRole("searchbox", { name: "Search content or creators" });
    expect(box.getAttribute("maxlength")).toBe(String(SEARCH_MAX));

    // At the limit: searched, with the limit said beside the results, the query whole in the tooltip.
    const atLimit = "q".repeat(SEARCH_MAX);
    fireEvent.change(box, { target: { value: atLimit } });
    await vi.waitFor(() => expect(queries.at(-1)?.get("search")).toBe(atLimit));
    expect(screen.getByText("Search for at most 200 characters")).toBeVisible();
    expect(screen.getByText(/^Results for/).getAttribute("title")).toBe(atLimit);
    await screen.findByRole("link", { name: "Late Night Jazz" });

    // Longer (the box's limit bypassed, as a script or an old tab could): nothing is asked, and the page says why.
    const count = queries.length;
    fireEvent.change(box, { target: { value: "q".repeat(300) } });
    expect(await screen.findByText("This one has 300. Shorten it to see results.")).toBeVisible();
    expect(screen.getByText("Search for at most 200 characters")).toBeVisible();
    expect(screen.queryByText("No content found")).toBeNull();
    expect(screen.queryByText("Be the first to upload something!")).toBeNull();
    expect(queries.length).toBe(count);
  });

  it("remembers whether a card was found by searching or browsing", async () => {
    // The search answers with a second card the browsed list never has, so the test knows when the
    // searched list is on screen and clicks once (clicking until a page opened could loop on a slow machine).
    const found = makeContent({ title: "Jazz Found By Search", type: "audio" });
    stubFetch({
      ...backgroundEarningsRoutes,
      "GET /api/content": (_init, url) => ({
        body: contentPage(url.searchParams.get("search") ? [jazz, found] : [jazz]),
      }),
    });
    const { router } = renderApp("/");
    fireEvent.click(await screen.findByRole("link", { name: "Late Night Jazz" }));
    // The content page's code loads first: read the state of the page the click opened, not of home.
    await waitFor(() => expect(router.state.location.pathname).toBe(`/content/${jazz.id}`));
    expect(readDiscovery(router.state.location.state)).toBe("browse");

    await router.navigate("/");
    // The header's box is on the content page too: type only once home is on screen. Typed while the screen
    // still showed the way to home, the search would rightly lose to that navigation and never be committed.
    await screen.findByRole("heading", { name: "Welcome to Reelpay", level: 1 });
    await screen.findByRole("link", { name: "Late Night Jazz" });
    fireEvent.change(await screen.findByPlaceholderText("Search content or creators..."), {
      target: { value: "jazz" },
    });
    await screen.findByRole("link", { name: "Jazz Found By Search" });
    fireEvent.click(screen.getByRole("link", { name: "Late Night Jazz" }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`/content/${jazz.id}`));
    expect(readDiscovery(router.state.location.state)).toBe("search");
  });

  it("shows Page not found with a way home for unknown addresses", async () => {
    renderApp("/no/such/page");
    expect(await screen.findByRole("heading", { name: "Page not found" })).toBeVisible();
    expect(screen.getByRole("link", { name: "Go home" })).toHaveProperty("pathname", "/");
  });

  it("runs the earnings job on load and every 30 s, refreshing the gallery only when views were credited", async () => {
    // Fake timers that still move with real time, so the screen's own waits keep working.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    useAuth.setState({ user: ava });
    const processed = [0, 0, 2];
    const fresh = makeContent({ title: "Fresh Upload" });
    let galleryRequests = 0;
    let recommendationRequests = 0;
    let credited = false;
    const fetchMock = stubFetch({
      "GET /api/challenges/progress": backgroundEarningsRoutes["GET /api/challenges/progress"],
      "GET /api/me/history": backgroundEarningsRoutes["GET /api/me/history"],
      "POST /api/earnings/calculate": () => {
        const count = processed.shift() ?? 0;
        credited ||= count > 0;
        return { body: { processed: count, message: `Processed ${count}` } };
      },
      // The item appears in the gallery only once the job has credited something.
      "GET /api/content": () => (galleryRequests++, { body: contentPage(credited ? [fresh, jazz] : [jazz]) }),
      "GET /api/content/recommendations": () => (recommendationRequests++, { body: { items: [] } }),
    });
    const calculations = () => fetchMock.mock.calls.filter(([url]) => url === "/api/earnings/calculate").length;
    renderApp("/");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    expect(calculations()).toBe(1);
    const requestsAfterLoad = galleryRequests;
    const recommendationsAfterLoad = recommendationRequests;

    await act(() => vi.advanceTimersByTimeAsync(29_000));
    expect(calculations()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(calculations()).toBe(2);
    // Nothing was credited: the gallery is not asked again.
    expect(galleryRequests).toBe(requestsAfterLoad);

    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(calculations()).toBe(3);
    // Two views credited: the gallery refreshes in place (no placeholders, no page reload).
    expect(await screen.findByRole("link", { name: "Fresh Upload" })).toBeVisible();
    expect(galleryRequests).toBe(requestsAfterLoad + 1);
    // The recommendations learn from credited views too.
    expect(recommendationRequests).toBe(recommendationsAfterLoad + 1);
    expect(screen.queryAllByTestId("content-placeholder")).toHaveLength(0);
  });

  it("shows an announced '+$0.003' when a run credits the user's own view, for a few seconds", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    useAuth.setState({ user: ava });
    const credits = [0.003, 0, 0.006];
    stubFetch({
      ...backgroundEarningsRoutes,
      "POST /api/earnings/calculate": () => {
        const credited_usd = credits.shift() ?? 0;
        return { body: { processed: credited_usd > 0 ? 1 : 0, message: "", credited_usd } };
      },
      "GET /api/content": { body: contentPage([jazz]) },
    });
    renderApp("/");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    // The notice lives in a polite live region, so screen readers say it when it appears.
    const notice = () =>
      screen.queryByText("credited to your wallet")?.closest("[aria-live='polite']")?.firstElementChild ?? undefined;
    await vi.waitFor(() => expect(notice()?.textContent).toBe("+$0.003credited to your wallet"));

    await act(() => vi.advanceTimersByTimeAsync(CREDIT_NOTICE_MS));
    expect(notice()).toBeUndefined();
    // A run that credits nothing to this user says nothing.
    await act(() => vi.advanceTimersByTimeAsync(EARNINGS_POLL_MS - CREDIT_NOTICE_MS));
    expect(notice()).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(EARNINGS_POLL_MS));
    await vi.waitFor(() => expect(notice()?.textContent).toBe("+$0.006credited to your wallet"));
  });

  it("shows a credit the cron made before the page's poll, once, and refreshes the page's data", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    useAuth.setState({ user: ava });
    // The server tells a credit once: the run after the one that told it says 0 again.
    const told = [0, 0.003, 0];
    let galleryRequests = 0;
    stubFetch({
      ...backgroundEarningsRoutes,
      "POST /api/earnings/calculate": () => ({
        body: { processed: 0, message: "Nothing new to process", credited_usd: told.shift() ?? 0 },
      }),
      "GET /api/content": () => (galleryRequests++, { body: contentPage([jazz]) }),
    });
    renderApp("/");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    const notice = () =>
      screen.queryByText("credited to your wallet")?.closest("[aria-live='polite']")?.firstElementChild ?? undefined;
    expect(notice()).toBeUndefined();
    const requestsAfterLoad = galleryRequests;

    await act(() => vi.advanceTimersByTimeAsync(EARNINGS_POLL_MS));
    await vi.waitFor(() => expect(notice()?.textContent).toBe("+$0.003credited to your wallet"));
    await vi.waitFor(() => expect(galleryRequests).toBe(requestsAfterLoad + 1));

    await act(() => vi.advanceTimersByTimeAsync(CREDIT_NOTICE_MS));
    expect(notice()).toBeUndefined();
    await act(() => vi.advanceTimersByTimeAsync(EARNINGS_POLL_MS));
    expect(notice()).toBeUndefined();
    expect(galleryRequests).toBe(requestsAfterLoad + 1);
  });

  it("never runs the earnings job for visitors", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch({ "GET /api/content": { body: contentPage([jazz]) } });
    renderApp("/");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes("earnings"))).toEqual([]);
  });

  it("logs a failed earnings calculation and leaves the page as it was", async () => {
    const consoleError = expectConsoleError();
    useAuth.setState({ user: ava });
    stubFetch({
      "GET /api/challenges/progress": backgroundEarningsRoutes["GET /api/challenges/progress"],
      "POST /api/earnings/calculate": { status: 500 },
      "GET /api/content": { body: contentPage([jazz]) },
      "GET /api/content/recommendations": { body: { items: [] } },
    });
    renderApp("/");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    await vi.waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to calculate earnings: API responded with HTTP status 500",
    );
    expect(screen.getByRole("link", { name: "Late Night Jazz" })).toBeVisible();
  });
});
