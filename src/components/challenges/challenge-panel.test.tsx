import type { QueryClient } from "@tanstack/react-query";
import { act, fireEvent, screen, within } from "@testing-library/react";
import { type ReactNode, StrictMode } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { ChallengeProgressResponse } from "../../../common/schemas/challenges";
import type { EarningsCalculateResponse } from "../../../common/schemas/earnings";
import { CHALLENGE_REFRESH_MS } from "../../queries/challenge-progress";
import { useEarningsPoll } from "../../queries/earnings-run";
import { useAuth } from "../../stores/auth";
import { HOME_PREFS_KEY, useHomePrefs } from "../../stores/home-prefs";
import { expectConsoleError } from "../../test/console";
import { earningRules } from "../../test/earnings-fixtures";
import { deferred, stubFetch } from "../../test/fetch";
import { admin, ava } from "../../test/fixtures";
import { flushQueryNotifications, renderWithQueries, settleQueries } from "../../test/query-client";
import { makeEntry, makeProgress, seedChallenges } from "../../test/challenge-fixtures";
import { ChallengePanel } from "./challenge-panel";
import { formatUsd } from "../../lib/format";
import { sumUsd } from "../../lib/money";
import { formatTimeLeft } from "./format";

const PATH = "/api/challenges/progress";

type Answer = ChallengeProgressResponse | { status: number };

/**
 * Answers the progress call with `answer` until the test changes it with `reply(next)`. (Not a queue:
 * StrictMode's first, aborted request would use up an answer.) `routes` answer other calls.
 */
function stubProgress(answer: Answer, routes: Parameters<typeof stubFetch>[0] = {}) {
  let current = answer;
  const fetchMock = stubFetch({
    "GET /api/earning-rules": { body: earningRules },
    ...routes,
    [`GET ${PATH}`]: () => ("status" in current ? { status: current.status } : { body: current }),
  });
  return Object.assign(fetchMock, {
    reply: (next: Answer) => {
      current = next;
    },
  });
}

const progressCalls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([url]) => url === PATH).length;

/** As main.tsx renders the app: StrictMode, so a doubled effect shows up as a doubled request. */
function renderPanel(panel: ReactNode = <ChallengePanel />) {
  return renderWithQueries(
    <StrictMode>
      <MemoryRouter>{panel}</MemoryRouter>
    </StrictMode>,
  );
}

/** The panel with the earnings poll beside it, as the home page has them. */
function PanelWithEarningsPoll() {
  useEarningsPoll();
  return <ChallengePanel />;
}

/** Waits until the progress call was made, then until its answer has reached the screen. */
async function answered(fetchMock: ReturnType<typeof stubFetch>, queryClient: QueryClient, calls = 1) {
  await vi.waitFor(() => expect(progressCalls(fetchMock)).toBeGreaterThanOrEqual(calls));
  await settleQueries(queryClient);
}

const panel = (name: string) => screen.getByRole("region", { name });
/**
 * The panel named `name` once every answer it asked for has reached the screen: the progress shows it, the
 * earning rules (which may come after) fill in what it says of the hold and the share to watch.
 */
async function shown(name: string, queryClient: QueryClient) {
  const region = await screen.findByRole("region", { name });
  await settleQueries(queryClient);
  return region;
}
const toggle = () => screen.getByRole("button", { name: "Challenge details" });
const summaryLine = (region: HTMLElement) => within(region).getByTestId("challenge-summary").textContent;

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
  localStorage.clear();
  useHomePrefs.setState({ challengeExpanded: {} });
});

afterEach(() => {
  vi.useRealTimers();
});

describe("challenge panel: hidden", () => {
  it("is hidden and asks nothing for a signed-out visitor, even after a refresh period", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    useAuth.setState({ user: null });
    const fetchMock = stubProgress(makeProgress());
    const { container } = renderPanel();
    await act(() => vi.advanceTimersByTimeAsync(CHALLENGE_REFRESH_MS));
    expect(progressCalls(fetchMock)).toBe(0);
    expect(container.innerHTML).toBe("");
  });

  it("is hidden while loading, then shows the answer", async () => {
    const reply = deferred<{ body: ChallengeProgressResponse }>();
    const fetchMock = stubFetch({
      [`GET ${PATH}`]: () => reply.promise,
      "GET /api/earning-rules": { body: earningRules },
    });
    const { container } = renderPanel();
    await vi.waitFor(() => expect(progressCalls(fetchMock)).toBeGreaterThan(0));
    await flushQueryNotifications();
    expect(container.innerHTML).toBe("");
    reply.resolve({ body: makeProgress() });
    expect(await screen.findByRole("region", { name: "Sign-On Challenge" })).toBeVisible();
  });

  it("is hidden for a user without challenges (the API's answer for one: no progress, 0 hours)", async () => {
    const fetchMock = stubProgress(makeProgress({ timeRemaining: 0, progress: [] }));
    const { container, queryClient } = renderPanel();
    await answered(fetchMock, queryClient);
    expect(container.innerHTML).toBe("");
  });

  it("is hidden with an empty progress list even if time remains", async () => {
    const fetchMock = stubProgress(makeProgress({ timeRemaining: 5, progress: [] }));
    const { container, queryClient } = renderPanel();
    await answered(fetchMock, queryClient);
    expect(container.innerHTML).toBe("");
  });

  it.each([0, -0.5])(
    "is hidden once the window is over (timeRemaining %s), even with a bonus",
    async (timeRemaining) => {
      const fetchMock = stubProgress(
        makeProgress({ timeRemaining, progress: seedChallenges(3), bonus: { total_bonus_amount: 75 } }),
      );
      const { container, queryClient } = renderPanel();
      await answered(fetchMock, queryClient);
      expect(container.innerHTML).toBe("");
    },
  );

  it("is hidden when the load fails; the failure is logged only", async () => {
    const consoleError = expectConsoleError();
    const fetchMock = stubProgress({ status: 500 });
    const { container, queryClient } = renderPanel();
    await answered(fetchMock, queryClient);
    expect(container.innerHTML).toBe("");
    expect(consoleError.mock.calls.map(([error]) => String(error))).toContain(
      "Error: Failed to fetch challenge progress: API responded with HTTP status 500",
    );
  });

  it("disappears when the user signs out", async () => {
    const fetchMock = stubProgress(makeProgress());
    const { container, queryClient } = renderPanel();
    await answered(fetchMock, queryClient);
    expect(panel("Sign-On Challenge")).toBeVisible();
    act(() => useAuth.setState({ user: null }));
    expect(container.innerHTML).toBe("");
  });
});

describe("challenge panel: folded to one line (decision 037)", () => {
  it("is one line by default, with progress, time left and the bonus; the toggle opens the details", async () => {
    stubProgress(makeProgress({ timeRemaining: 23.17, progress: seedChallenges(1) }));
    const { queryClient } = renderPanel();
    const region = await shown("Sign-On Challenge", queryClient);
    expect(summaryLine(region)).toBe("1 of 3 completed · 23h 10m left · $75.00 bonus");
    expect(
      within(region).getByRole("progressbar", { name: "Overall challenge progress" }).getAttribute("aria-valuenow"),
    ).toBe("1");
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    const details = document.getElementById(toggle().getAttribute("aria-controls")!)!;
    expect(region.contains(details)).toBe(true);
    expect(details).not.toBeVisible();
    expect(within(region).queryAllByRole("listitem")).toHaveLength(0);
    expect(within(region).getByText(/Complete every challenge/)).not.toBeVisible();

    fireEvent.click(toggle());
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(details).toBeVisible();
    expect(within(region).getAllByRole("listitem")).toHaveLength(3);
    // The line stays as it was: open or folded, it is where the member stands.
    expect(summaryLine(region)).toBe("1 of 3 completed · 23h 10m left · $75.00 bonus");

    fireEvent.click(toggle());
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    expect(details).not.toBeVisible();
  });

  it("remembers the choice across reloads, for each member of a shared browser", async () => {
    stubProgress(makeProgress());
    const first = renderPanel();
    await screen.findByRole("region", { name: "Sign-On Challenge" });
    fireEvent.click(toggle());
    expect(JSON.parse(localStorage.getItem(HOME_PREFS_KEY) ?? "{}")).toMatchObject({
      state: { challengeExpanded: { [ava.id]: true } },
    });
    first.unmount();

    // A reload: the store starts empty and reads what was saved (emptying it saves too, so put the saved copy back).
    const saved = localStorage.getItem(HOME_PREFS_KEY)!;
    useHomePrefs.setState({ challengeExpanded: {} });
    localStorage.setItem(HOME_PREFS_KEY, saved);
    await useHomePrefs.persist.rehydrate();
    const second = renderPanel();
    await shown("Sign-On Challenge", second.queryClient);
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(screen.getAllByRole("listitem")).toHaveLength(3);
    second.unmount();

    // Another member in the same browser still starts folded.
    useAuth.setState({ user: admin });
    renderPanel();
    await screen.findByRole("region", { name: "Sign-On Challenge" });
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle());
    fireEvent.click(toggle());
    expect(JSON.parse(localStorage.getItem(HOME_PREFS_KEY) ?? "{}").state.challengeExpanded).toEqual({
      [ava.id]: true,
      [admin.id]: false,
    });
  });
});

describe("challenge panel: states", () => {
  // These read the rows: the member opened the details before.
  beforeEach(() => useHomePrefs.setState({ challengeExpanded: { [ava.id]: true } }));

  it("congratulates with the awarded bonus (with its cents) and points to the wallet", async () => {
    stubProgress(makeProgress({ progress: seedChallenges(3), bonus: { total_bonus_amount: 75 } }));
    const { queryClient } = renderPanel();
    const region = await shown("Congratulations!", queryClient);
    expect(region.textContent).toContain("earned a $75.00 bonus");
    expect(region.textContent).toContain(
      "added to your wallet, where it stays pending for 7 days before it can be paid out.",
    );
    expect(within(region).getByRole("link", { name: "View Wallet" }).getAttribute("href")).toBe("/wallet");
    expect(screen.queryByText("All Challenges Complete")).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("says All Challenges Complete while the bonus awaits the earnings job", async () => {
    stubProgress(makeProgress({ progress: seedChallenges(3), bonus: null }));
    renderPanel();
    const region = await screen.findByRole("region", { name: "All Challenges Complete" });
    expect(region.textContent).toContain(
      "Your $75.00 bonus is being checked. It appears in your wallet once the checks pass: within minutes, unless our team needs to review it.",
    );
    expect(screen.queryByText(/Congratulations/)).toBeNull();
    expect(screen.queryByRole("progressbar")).toBeNull();
  });

  it("shows bonus amounts with their cents, never rounded to whole dollars", async () => {
    stubProgress(
      makeProgress({ progress: [makeEntry("Half", { bonus_amount: 12.5 }), makeEntry("Whole", { bonus_amount: 25 })] }),
    );
    const { queryClient } = renderPanel();
    const region = await shown("Sign-On Challenge", queryClient);
    expect(summaryLine(region)).toBe("0 of 2 completed · 23h 34m left · $37.50 bonus");
    expect(within(within(region).getByRole("listitem", { name: "Half" })).getByText("$12.50")).toBeVisible();
  });

  it("shows overall progress, time left, the bonus available and one row per challenge", async () => {
    stubProgress(makeProgress({ timeRemaining: 23.57, progress: seedChallenges(1) }));
    const { queryClient } = renderPanel();
    const region = await shown("Sign-On Challenge", queryClient);
    expect(region.textContent).toContain("within 24 hours of signing up");
    // The bonus is held like a view reward (docs/decisions/019), not sent "straight to your wallet" (docs/decisions/034).
    expect(region.textContent).toContain(
      "added to your wallet, where it stays pending for 7 days before it can be paid out.",
    );
    expect(region.textContent).not.toContain("straight");
    expect(summaryLine(region)).toBe("1 of 3 completed · 23h 34m left · $75.00 bonus");

    const overall = within(region).getByRole("progressbar", { name: "Overall challenge progress" });
    expect(overall.getAttribute("aria-valuenow")).toBe("1");
    expect(overall.getAttribute("aria-valuemin")).toBe("0");
    expect(overall.getAttribute("aria-valuemax")).toBe("3");
    expect(overall.getAttribute("aria-valuetext")).toBe("1 of 3 completed");

    const rows = within(region).getAllByRole("listitem");
    expect(rows.map((row) => row.getAttribute("aria-label"))).toEqual([
      "Watch 10 streams",
      "Share your first upload",
      "Get a viewer for every upload",
    ]);
    const [streams, upload, viewers] = rows;
    expect(within(streams).getByRole("heading", { name: "Watch 10 streams", level: 3 })).toBeVisible();
    expect(streams.textContent).toContain(
      "Watch 10 different videos or tracks by other members, each to at least 80%.",
    );
    expect(upload.textContent).toContain("Upload a video or audio track.");
    expect(viewers.textContent).toContain(
      "Get a viewer for every upload: within a day of each of your uploads, another member on their own internet connection watches it to at least 80%.",
    );
    expect(streams.textContent).toContain("10 / 10");
    expect(streams.textContent).toContain("$25.00");
    expect(within(streams).getByRole("img", { name: "Completed" }).textContent).toBe("✓");
    const streamsBar = within(streams).getByRole("progressbar", { name: "Watch 10 streams progress" });
    expect([streamsBar.getAttribute("aria-valuenow"), streamsBar.getAttribute("aria-valuemax")]).toEqual(["10", "10"]);

    expect(upload.textContent).toContain("0 / 1");
    expect(within(upload).queryByRole("img", { name: "Completed" })).toBeNull();
    expect(within(upload).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("0");
    expect(within(region).getAllByRole("img", { name: "Completed" })).toHaveLength(1);
  });

  it("counts a row's progress up to its target only, and sums bonuses with cents exactly", async () => {
    stubProgress(
      makeProgress({
        progress: [
          makeEntry("Watch 3", { requirement_value: 3, progress_value: 2, bonus_amount: 10.1 }),
          makeEntry("Upload 1", { requirement_value: 1, progress_value: 2, bonus_amount: 20.2, is_completed: true }),
        ],
      }),
    );
    const { queryClient } = renderPanel();
    const region = await shown("Sign-On Challenge", queryClient);
    // The sum is exact to the cent (10.1 + 20.2 as floats is 30.299999…).
    expect(summaryLine(region)).toBe("1 of 2 completed · 23h 34m left · $30.30 bonus");
    const upload = within(region).getByRole("listitem", { name: "Upload 1" });
    expect(upload.textContent).toContain("1 / 1");
    expect(upload.textContent).toContain("$20.20");
    expect(within(upload).getByRole("progressbar").getAttribute("aria-valuenow")).toBe("1");
    expect(within(region).getByRole("listitem", { name: "Watch 3" }).textContent).toContain("2 / 3");
  });
});

describe("challenge panel: what it says of the rules", () => {
  beforeEach(() => useHomePrefs.setState({ challengeExpanded: { [ava.id]: true } }));

  it("says each challenge's requirement as the server counts it, not the admin's description", async () => {
    stubProgress(
      makeProgress({
        progress: [
          makeEntry("Views", {
            requirement_type: "min_views_per_content",
            requirement_value: 3,
            description: "Get your first viewer",
          }),
          makeEntry("Uploads", { requirement_type: "content_uploaded", requirement_value: 2, description: "Anything" }),
          makeEntry("One stream", { requirement_type: "streams_completed", requirement_value: 1 }),
        ],
      }),
    );
    const { queryClient } = renderPanel();
    const region = await shown("Sign-On Challenge", queryClient);
    const row = (name: string) => within(region).getByRole("listitem", { name }).textContent;
    expect(row("Views")).toContain(
      "Get 3 independent viewers on each of your uploads: within a day of each upload, 3 other members, each on their own internet connection, watch it to at least 80%.",
    );
    expect(row("Uploads")).toContain("Upload 2 videos or audio tracks.");
    expect(row("One stream")).toContain("Watch a video or track by another member to at least 80%.");
    expect(region.textContent).not.toContain("Get your first viewer");
    expect(region.textContent).not.toContain("Anything");
  });

  it("states the holding period the earning rules set, and none when it is off", async () => {
    stubProgress(makeProgress({ progress: seedChallenges(3), bonus: { total_bonus_amount: 75 } }), {
      "GET /api/earning-rules": { body: { ...earningRules, earnings_hold_days: 1 } },
    });
    renderPanel();
    await vi.waitFor(() =>
      expect(panel("Congratulations!").textContent).toContain(
        "added to your wallet, where it stays pending for 1 day before it can be paid out.",
      ),
    );
  });

  it("says the bonus can be paid out at once when the holding period is off", async () => {
    stubProgress(makeProgress(), {
      "GET /api/earning-rules": { body: { ...earningRules, earnings_hold_days: 0, qualify_percent: 75 } },
    });
    renderPanel();
    await vi.waitFor(() =>
      expect(panel("Sign-On Challenge").textContent).toContain("where it can be paid out at once."),
    );
    expect(panel("Sign-On Challenge").textContent).toContain("each to at least 75%.");
    expect(panel("Sign-On Challenge").textContent).not.toContain("pending");
  });
});

describe("challenge panel: while the earning rules load", () => {
  type RulesReply = { body: typeof earningRules };

  it("congratulates at once, and says how long the bonus is held only once the server has said it", async () => {
    const rules = deferred<RulesReply>();
    stubProgress(makeProgress({ progress: seedChallenges(3), bonus: { total_bonus_amount: 75 } }), {
      "GET /api/earning-rules": () => rules.promise,
    });
    const { queryClient } = renderPanel();
    const region = await screen.findByRole("region", { name: "Congratulations!" });
    await flushQueryNotifications();
    expect(region.textContent).toContain("earned a $75.00 bonus. It has been added to your wallet.");
    expect(region.textContent).not.toMatch(/pending|paid out|day/);
    expect(within(region).getByRole("link", { name: "View Wallet" })).toBeVisible();

    rules.resolve({ body: { ...earningRules, earnings_hold_days: 12 } });
    await settleQueries(queryClient);
    expect(region.textContent).toContain(
      "It has been added to your wallet, where it stays pending for 12 days before it can be paid out.",
    );
  });

  it("shows the one line at once; the opened details say they are loading, then name the server's share", async () => {
    useHomePrefs.setState({ challengeExpanded: { [ava.id]: true } });
    const rules = deferred<RulesReply>();
    stubProgress(makeProgress({ timeRemaining: 23.57, progress: seedChallenges(1) }), {
      "GET /api/earning-rules": () => rules.promise,
    });
    const { queryClient } = renderPanel();
    const region = await screen.findByRole("region", { name: "Sign-On Challenge" });
    await flushQueryNotifications();
    expect(summaryLine(region)).toBe("1 of 3 completed · 23h 34m left · $75.00 bonus");
    expect(within(region).getByRole("status").textContent).toBe("Loading the details…");
    expect(within(region).queryAllByRole("listitem")).toHaveLength(0);
    expect(region.textContent).not.toMatch(/%|pending/);

    rules.resolve({ body: { ...earningRules, qualify_percent: 65, earnings_hold_days: 3 } });
    await settleQueries(queryClient);
    expect(within(region).queryByRole("status")).toBeNull();
    expect(within(region).getAllByRole("listitem")).toHaveLength(3);
    expect(within(region).getByRole("listitem", { name: "Watch 10 streams" }).textContent).toContain(
      "Watch 10 different videos or tracks by other members, each to at least 65%.",
    );
    expect(region.textContent).toContain("where it stays pending for 3 days before it can be paid out.");
    expect(summaryLine(region)).toBe("1 of 3 completed · 23h 34m left · $75.00 bonus");
  });
});

describe("challenge panel: refresh", () => {
  it("refreshes every 60 s", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubProgress(makeProgress({ progress: seedChallenges(0) }));
    renderPanel();
    const region = await screen.findByRole("region", { name: "Sign-On Challenge" });
    expect(region.textContent).toContain("0 of 3 completed");
    const afterLoad = progressCalls(fetchMock);
    fetchMock.reply(makeProgress({ progress: seedChallenges(1) }));

    await act(() => vi.advanceTimersByTimeAsync(CHALLENGE_REFRESH_MS - 1_000));
    expect(progressCalls(fetchMock)).toBe(afterLoad);
    await act(() => vi.advanceTimersByTimeAsync(1_000));
    expect(progressCalls(fetchMock)).toBe(afterLoad + 1);
    await vi.waitFor(() => expect(panel("Sign-On Challenge").textContent).toContain("1 of 3 completed"));
  });

  it("refreshes when the earnings job processed something, and shows the awarded bonus", async () => {
    const run = deferred<{ body: EarningsCalculateResponse }>();
    const fetchMock = stubProgress(makeProgress({ progress: seedChallenges(3), bonus: null }), {
      "POST /api/earnings/calculate": () => run.promise,
    });
    renderPanel(<PanelWithEarningsPoll />);
    await screen.findByRole("region", { name: "All Challenges Complete" });
    const afterLoad = progressCalls(fetchMock);
    fetchMock.reply(makeProgress({ progress: seedChallenges(3), bonus: { total_bonus_amount: 75 } }));

    run.resolve({ body: { processed: 1, message: "Processed 1", credited_usd: 0 } });
    const region = await screen.findByRole("region", { name: "Congratulations!" });
    expect(progressCalls(fetchMock)).toBe(afterLoad + 1);
    expect(region.textContent).toContain("$75.00");
    expect(screen.queryByRole("region", { name: "All Challenges Complete" })).toBeNull();
  });

  it("keeps showing the last answer when a refresh fails, and logs the failure", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const consoleError = expectConsoleError();
    const fetchMock = stubProgress(makeProgress({ progress: seedChallenges(1) }));
    const { queryClient } = renderPanel();
    await screen.findByRole("region", { name: "Sign-On Challenge" });
    const afterLoad = progressCalls(fetchMock);
    fetchMock.reply({ status: 503 });
    expect(consoleError).not.toHaveBeenCalled();

    await act(() => vi.advanceTimersByTimeAsync(CHALLENGE_REFRESH_MS));
    await answered(fetchMock, queryClient, afterLoad + 1);
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to fetch challenge progress: API responded with HTTP status 503",
    );
    expect(panel("Sign-On Challenge").textContent).toContain("1 of 3 completed");
  });
});

describe("challenge panel formats", () => {
  it("shows time left in hours and minutes, rounded down", () => {
    expect(formatTimeLeft(23.57)).toBe("23h 34m");
    expect(formatTimeLeft(24)).toBe("24h 0m");
    expect(formatTimeLeft(0.5)).toBe("0h 30m");
    expect(formatTimeLeft(1 / 61)).toBe("less than 1m");
  });

  it("shows bonus amounts exactly, cents and all (docs/decisions/032), and sums them exactly", () => {
    expect(formatUsd(75)).toBe("$75.00");
    expect(formatUsd(1000)).toBe("$1,000.00");
    expect(formatUsd(12.5)).toBe("$12.50");
    expect(sumUsd([0.1, 0.2])).toBe(0.3);
    expect(sumUsd([25, 25, 25])).toBe(75);
  });
});
