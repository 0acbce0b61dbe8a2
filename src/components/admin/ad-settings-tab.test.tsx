import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { bodiesOf, deferred, refuse, stubFetch } from "../../test/fetch";
import { AdSettingsTab, URL_SAVE_DELAY_MS } from "./ad-settings-tab";
import { earningRules } from "../../test/admin-fixtures";
import { renderWithQueries } from "../../test/query-client";

const settings = { preroll_enabled: "true", postroll_enabled: "false", vast_url: "/ads/sample-vast.xml" };

async function openTab(patch: Parameters<typeof stubFetch>[0][string] = { body: settings }) {
  const fetchMock = stubFetch({
    "GET /api/admin/ad-settings": { body: settings },
    "PATCH /api/admin/ad-settings": patch,
    // The Earning Rules card below loads too (its own tests: earning-rules-card.test.tsx).
    "GET /api/admin/earning-rules": { body: earningRules },
  });
  renderWithQueries(<AdSettingsTab />);
  await screen.findByRole("heading", { name: "VAST Ad Configuration" });
  return fetchMock;
}

/** The VAST form's 'Saving changes...' line (the Earning Rules card has its own). */
const savingStatus = () => within(screen.getByRole("region", { name: "VAST Ad Configuration" })).getByRole("status");

afterEach(() => {
  vi.useRealTimers();
});

const patches = (fetchMock: ReturnType<typeof stubFetch>) => bodiesOf(fetchMock, "PATCH /api/admin/ad-settings");

describe("ad settings tab", () => {
  it("shows the stored settings and an example address as placeholder", async () => {
    await openTab();
    expect(screen.getByRole("checkbox", { name: /Pre-roll Ads/ })).toHaveProperty("checked", true);
    expect(screen.getByRole("checkbox", { name: /Post-roll Ads/ })).toHaveProperty("checked", false);
    const url = screen.getByLabelText("VAST Ad Server URL");
    expect(url).toHaveProperty("value", "/ads/sample-vast.xml");
    expect(url.getAttribute("placeholder")).toBe("https://ads.example.com/vast.xml");
  });

  it("saves a checkbox at once, saying 'Saving changes...' until the server answers", async () => {
    const answer = deferred<{ body: unknown }>();
    const fetchMock = await openTab(() => answer.promise);
    fireEvent.click(screen.getByRole("checkbox", { name: /Post-roll Ads/ }));
    expect(savingStatus().textContent).toBe("Saving changes...");
    expect(bodiesOf(fetchMock, "PATCH /api/admin/ad-settings")).toEqual([{ key: "postroll_enabled", value: "true" }]);
    answer.resolve({ body: { ...settings, postroll_enabled: "true" } });
    await waitFor(() => expect(savingStatus().textContent).toBe(""));
    expect(screen.getByRole("checkbox", { name: /Post-roll Ads/ })).toHaveProperty("checked", true);
  });

  it("saves the address on Enter and on leaving the field, once per change", async () => {
    const fetchMock = await openTab();
    const url = screen.getByLabelText("VAST Ad Server URL");
    fireEvent.change(url, { target: { value: " https://ads.example.com/feed.xml " } });
    fireEvent.submit(url.closest("form")!);
    fireEvent.blur(url);
    await waitFor(() => expect(savingStatus().textContent).toBe(""));
    expect(bodiesOf(fetchMock, "PATCH /api/admin/ad-settings")).toEqual([
      { key: "vast_url", value: "https://ads.example.com/feed.xml" },
    ]);
    expect(url).toHaveProperty("value", "https://ads.example.com/feed.xml");
  });

  it("saves the address by itself 800 ms after typing stops, saying 'Saving changes...' meanwhile", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answer = deferred<{ body: unknown }>();
    const fetchMock = await openTab(() => answer.promise);
    const url = screen.getByLabelText("VAST Ad Server URL");
    expect(URL_SAVE_DELAY_MS).toBe(800);
    fireEvent.change(url, { target: { value: "https://ads.example.com/f" } });
    await act(() => vi.advanceTimersByTimeAsync(700));
    fireEvent.change(url, { target: { value: "https://ads.example.com/feed.xml " } });
    // The clock also moves with real time (shouldAdvanceTime), which a loaded machine stretches between two
    // lines: nothing is sent 600 ms after the last keystroke, and the address is sent by 800 ms.
    await act(() => vi.advanceTimersByTimeAsync(600));
    expect(patches(fetchMock)).toEqual([]);
    await act(() => vi.advanceTimersByTimeAsync(200));
    // Only the last text, tidied; the field itself is left alone while the admin may still be typing.
    expect(patches(fetchMock)).toEqual([{ key: "vast_url", value: "https://ads.example.com/feed.xml" }]);
    expect(url).toHaveProperty("value", "https://ads.example.com/feed.xml ");
    expect(savingStatus().textContent).toBe("Saving changes...");
    answer.resolve({ body: settings });
    await waitFor(() => expect(savingStatus().textContent).toBe(""));
    // Leaving the field afterwards tidies it and sends nothing more.
    fireEvent.blur(url);
    await act(() => vi.advanceTimersByTimeAsync(URL_SAVE_DELAY_MS));
    expect(url).toHaveProperty("value", "https://ads.example.com/feed.xml");
    expect(patches(fetchMock)).toHaveLength(1);
  });

  it("saves once when the field is left before the delay is over", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = await openTab();
    const url = screen.getByLabelText("VAST Ad Server URL");
    fireEvent.change(url, { target: { value: "https://ads.example.com/feed.xml" } });
    await act(() => vi.advanceTimersByTimeAsync(300));
    fireEvent.blur(url);
    expect(patches(fetchMock)).toEqual([{ key: "vast_url", value: "https://ads.example.com/feed.xml" }]);
    await act(() => vi.advanceTimersByTimeAsync(2 * URL_SAVE_DELAY_MS));
    expect(patches(fetchMock)).toHaveLength(1);
  });

  it("still saves a typed address when the tab closes before the pause is over", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const fetchMock = stubFetch({
      "GET /api/admin/ad-settings": { body: settings },
      "PATCH /api/admin/ad-settings": { body: settings },
      "GET /api/admin/earning-rules": { body: earningRules },
    });
    const { unmount } = renderWithQueries(<AdSettingsTab />);
    fireEvent.change(await screen.findByLabelText("VAST Ad Server URL"), { target: { value: "/ads/other.xml" } });
    unmount();
    expect(patches(fetchMock)).toEqual([{ key: "vast_url", value: "/ads/other.xml" }]);
    await act(() => vi.advanceTimersByTimeAsync(URL_SAVE_DELAY_MS));
    expect(patches(fetchMock)).toHaveLength(1);
  });

  it("says in words why an address would be refused, without sending it, and clears it when the stored address is put back", async () => {
    const fetchMock = await openTab();
    const url = screen.getByLabelText("VAST Ad Server URL");
    fireEvent.change(url, { target: { value: "ftp://ads" } });
    fireEvent.blur(url);
    const words =
      "Enter a web address starting with http:// or https://, or a path on this site such as /ads/sample-vast.xml";
    const error = screen.getByText(words);
    expect(url.getAttribute("aria-invalid")).toBe("true");
    expect(url.getAttribute("aria-describedby")).toBe(error.id);
    expect(url).toHaveProperty("value", "ftp://ads");
    expect(patches(fetchMock)).toEqual([]);

    fireEvent.change(url, { target: { value: "/ads/sample-vast.xml" } });
    fireEvent.blur(url);
    expect(screen.queryByText(words)).toBeNull();
    expect(patches(fetchMock)).toEqual([]);
  });

  it("refuses, unsent, an address with a user name or password and one of our own /api/ (docs/decisions/108)", async () => {
    const fetchMock = await openTab();
    const url = screen.getByLabelText("VAST Ad Server URL");
    for (const [value, words] of [
      ["https://user:pw@ads.example.com/vast.xml", "Enter the address without a user name or password"],
      ["/api/admin/users", "An ad feed cannot be one of Reelpay's own /api/ addresses"],
      [`${window.location.origin}/api/admin/users`, "An ad feed cannot be one of Reelpay's own /api/ addresses"],
    ]) {
      fireEvent.change(url, { target: { value } });
      fireEvent.blur(url);
      expect(screen.getByText(words), value).toBeVisible();
    }
    expect(patches(fetchMock)).toEqual([]);
  });

  it("words the server's refusal of an address the same way, with no 'value:' on screen", async () => {
    const fetchMock = await openTab(refuse("value: must be an http(s) URL"));
    const url = screen.getByLabelText("VAST Ad Server URL");
    fireEvent.change(url, { target: { value: "https://ads.example.com/feed.xml" } });
    fireEvent.blur(url);
    expect(await screen.findByText(/^Enter a web address starting with http:\/\/ or https:\/\//)).toBeVisible();
    expect(screen.queryByText(/value:/)).toBeNull();
    expect(patches(fetchMock)).toHaveLength(1);
  });

  it("puts a checkbox back and shows the server's reason when a change is refused", async () => {
    await openTab(refuse("value: must be 'true' or 'false'"));
    const preroll = screen.getByRole("checkbox", { name: /Pre-roll Ads/ });
    fireEvent.click(preroll);
    expect(preroll).toHaveProperty("checked", false);
    expect(await screen.findByText("Must be 'true' or 'false'")).toBeVisible();
    expect(preroll).toHaveProperty("checked", true);
  });
});
