import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { EarningRulesJson } from "../../../common/schemas/earning-rules";
import { expectConsoleError } from "../../test/console";
import { bodiesOf, deferred, refuse, stubFetch } from "../../test/fetch";
import { AdSettingsTab } from "./ad-settings-tab";
import { earningRules } from "../../test/admin-fixtures";
import { renderWithQueries } from "../../test/query-client";

type Patch = Parameters<typeof stubFetch>[0][string];
/** Answers each PATCH with the rules as changed. */
const applied: Patch = (init) => {
  const { key, value } = JSON.parse(String(init?.body)) as { key: keyof EarningRulesJson; value: number };
  return { body: { ...earningRules, [key]: value } };
};

/** The Ad Settings tab, where the card sits below 'VAST Ad Configuration'. */
async function openCard(patch: Patch = applied, rules: Patch = { body: earningRules }) {
  const fetchMock = stubFetch({
    "GET /api/admin/ad-settings": { body: { preroll_enabled: "false", postroll_enabled: "false", vast_url: "" } },
    "GET /api/admin/earning-rules": rules,
    "PATCH /api/admin/earning-rules": patch,
  });
  renderWithQueries(<AdSettingsTab />);
  const card = within(await screen.findByRole("region", { name: "Earning Rules" }));
  await card.findByLabelText("Shortest item that earns (seconds)");
  return { fetchMock, card };
}

const patches = (fetchMock: ReturnType<typeof stubFetch>) => bodiesOf(fetchMock, "PATCH /api/admin/earning-rules");

describe("Earning Rules card", () => {
  it("sits below the VAST Ad Configuration and shows the stored rules", async () => {
    const { card } = await openCard(applied, {
      body: { ...earningRules, min_earning_seconds: 12, daily_earnable_views: 250, earnings_hold_days: 3 },
    });
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings).toEqual(["VAST Ad Configuration", "Ad Hosts", "Pre-roll on Resume", "Earning Rules"]);
    expect(card.getByLabelText("Shortest item that earns (seconds)")).toHaveProperty("value", "12");
    expect(card.getByLabelText("Paid views per viewer per day")).toHaveProperty("value", "250");
    expect(card.getByLabelText("Holding period (days)")).toHaveProperty("value", "3");
  });

  it("takes a holding period from 0 (paid at once) to 90 days, and says so by the field", async () => {
    const { fetchMock, card } = await openCard();
    const hold = card.getByLabelText("Holding period (days)");
    const hint = "View rewards and sign-on bonuses stay pending this long; 0 pays them at once.";
    expect(document.getElementById(hold.getAttribute("aria-describedby")!)?.textContent).toBe(hint);
    expect(hold.getAttribute("min")).toBe("0");
    expect(hold.getAttribute("max")).toBe("90");

    for (const value of ["91", "-1", "1.5", ""]) {
      fireEvent.change(hold, { target: { value } });
      fireEvent.blur(hold);
      expect(card.getByText("Enter a whole number of days from 0 to 90")).toBeVisible();
      expect(hold.getAttribute("aria-invalid")).toBe("true");
    }
    expect(patches(fetchMock)).toEqual([]);

    fireEvent.change(hold, { target: { value: "0" } });
    fireEvent.blur(hold);
    expect(hold.getAttribute("aria-invalid")).toBeNull();
    await waitFor(() => expect(card.getByRole("status").textContent).toBe(""));
    expect(patches(fetchMock)).toEqual([{ key: "earnings_hold_days", value: 0 }]);
    expect(hold).toHaveProperty("value", "0");
    fireEvent.change(hold, { target: { value: "90" } });
    fireEvent.submit(hold.closest("form")!);
    await waitFor(() => expect(patches(fetchMock)).toHaveLength(2));
    expect(patches(fetchMock)[1]).toEqual({ key: "earnings_hold_days", value: 90 });
  });

  it("saves a field on Enter and on leaving it, once per change, with 'Saving changes...' meanwhile", async () => {
    const answer = deferred<{ body: unknown }>();
    const { fetchMock, card } = await openCard(() => answer.promise);
    const seconds = card.getByLabelText("Shortest item that earns (seconds)");
    fireEvent.change(seconds, { target: { value: " 30 " } });
    fireEvent.submit(seconds.closest("form")!);
    fireEvent.blur(seconds);
    expect(card.getByRole("status").textContent).toBe("Saving changes...");
    answer.resolve({ body: { ...earningRules, min_earning_seconds: 30 } });
    await waitFor(() => expect(card.getByRole("status").textContent).toBe(""));
    expect(patches(fetchMock)).toEqual([{ key: "min_earning_seconds", value: 30 }]);
    expect(seconds).toHaveProperty("value", "30");
  });

  it("sends each field as its own change, and nothing for a value left as it was", async () => {
    const { fetchMock, card } = await openCard();
    const seconds = card.getByLabelText("Shortest item that earns (seconds)");
    const views = card.getByLabelText("Paid views per viewer per day");
    fireEvent.blur(seconds);
    fireEvent.change(views, { target: { value: "10000" } });
    fireEvent.blur(views);
    await waitFor(() => expect(card.getByRole("status").textContent).toBe(""));
    expect(patches(fetchMock)).toEqual([{ key: "daily_earnable_views", value: 10000 }]);
  });

  it.each([
    [
      "Shortest item that earns (seconds)",
      ["0", "3601", "2.5", "", "-3", "1e3"],
      "Enter a whole number of seconds from 1 to 3600",
    ],
    ["Paid views per viewer per day", ["0", "10001", "abc"], "Enter a whole number of views from 1 to 10000"],
  ])("says what is wrong with %s before sending anything", async (label, values, message) => {
    const { fetchMock, card } = await openCard();
    const input = card.getByLabelText(label);
    for (const value of values) {
      fireEvent.change(input, { target: { value } });
      fireEvent.blur(input);
      const note = card.getByText(message);
      expect(input.getAttribute("aria-invalid")).toBe("true");
      expect(input.getAttribute("aria-describedby")).toBe(note.id);
    }
    expect(patches(fetchMock)).toEqual([]);
    // A valid value clears the message and is sent.
    fireEvent.change(input, { target: { value: "7" } });
    fireEvent.blur(input);
    expect(card.queryByText(message)).toBeNull();
    expect(input.getAttribute("aria-invalid")).toBeNull();
    await waitFor(() => expect(patches(fetchMock)).toHaveLength(1));
  });

  it("shows the server's reason for a refused value by the field, and sends it again when committed again", async () => {
    const { fetchMock, card } = await openCard(refuse("value: daily_earnable_views must be at most 10000"));
    const views = card.getByLabelText("Paid views per viewer per day");
    fireEvent.change(views, { target: { value: "9000" } });
    fireEvent.blur(views);
    // In words: the field's label, not the API's path and name (docs/decisions/038).
    const note = await card.findByText("Paid views per viewer per day must be at most 10000");
    expect(views.getAttribute("aria-describedby")).toBe(note.id);
    expect(views).toHaveProperty("value", "9000");
    fireEvent.submit(views.closest("form")!);
    await waitFor(() => expect(patches(fetchMock)).toHaveLength(2));
  });

  it("logs any other failure and puts the stored value back", async () => {
    const consoleError = expectConsoleError();
    const { card } = await openCard({ status: 500 });
    const seconds = card.getByLabelText("Shortest item that earns (seconds)");
    fireEvent.change(seconds, { target: { value: "45" } });
    fireEvent.blur(seconds);
    await waitFor(() => expect(seconds).toHaveProperty("value", "5"));
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to update earning rules: API responded with HTTP status 500",
    );
  });

  it("says it is loading, with no field, until the stored rules arrive", async () => {
    const answer = deferred<{ body: EarningRulesJson }>();
    stubFetch({
      "GET /api/admin/ad-settings": { body: { preroll_enabled: "false", postroll_enabled: "false", vast_url: "" } },
      "GET /api/admin/earning-rules": () => answer.promise,
    });
    renderWithQueries(<AdSettingsTab />);
    const card = within(await screen.findByRole("region", { name: "Earning Rules" }));
    expect(card.getByRole("status").textContent).toBe("Loading earning rules…");
    expect(card.queryAllByRole("spinbutton")).toEqual([]);

    answer.resolve({
      body: { ...earningRules, min_earning_seconds: 9, daily_earnable_views: 60, earnings_hold_days: 2 },
    });
    expect(await card.findByLabelText("Shortest item that earns (seconds)")).toHaveProperty("value", "9");
    expect(card.getByLabelText("Paid views per viewer per day")).toHaveProperty("value", "60");
    expect(card.getByLabelText("Holding period (days)")).toHaveProperty("value", "2");
    expect(card.queryByText("Loading earning rules…")).toBeNull();
  });

  it("says the rules could not be loaded rather than show a guess, logs why, and tries again", async () => {
    const consoleError = expectConsoleError();
    let rules: { status?: number; body?: EarningRulesJson } = { status: 503 };
    stubFetch({
      "GET /api/admin/ad-settings": { body: { preroll_enabled: "false", postroll_enabled: "false", vast_url: "" } },
      "GET /api/admin/earning-rules": () => rules,
    });
    renderWithQueries(<AdSettingsTab />);
    const card = within(await screen.findByRole("region", { name: "Earning Rules" }));
    expect((await card.findByRole("alert")).textContent).toContain("The earning rules could not be loaded.");
    expect(card.queryAllByRole("spinbutton")).toEqual([]);
    expect(String(consoleError.mock.calls[0][0])).toBe(
      "Error: Failed to load earning rules: API responded with HTTP status 503",
    );

    rules = { body: { ...earningRules, min_earning_seconds: 11 } };
    fireEvent.click(card.getByRole("button", { name: "Try again" }));
    expect(await card.findByLabelText("Shortest item that earns (seconds)")).toHaveProperty("value", "11");
    expect(card.queryByRole("alert")).toBeNull();
  });
});
