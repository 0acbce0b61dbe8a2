import { act, cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeContent } from "../../test/content-fixtures";
import { ShareButton } from "./share-button";
import { SHARE_STATUS_MS } from "./share-dialog";

// Share (docs/decisions/099): the link (at the player's time if ticked), the embed code, and the phone's share sheet
// where the browser has one.

const item = makeContent({ title: 'Night "Drive" <b>🚗</b>' });
const origin = window.location.origin;
const url = `${origin}/content/${item.id}`;

function stubNavigator(parts: {
  share?: (data: ShareData) => Promise<void>;
  writeText?: (text: string) => Promise<void>;
}) {
  vi.stubGlobal("navigator", {
    ...navigator,
    share: parts.share,
    clipboard: { writeText: parts.writeText ?? (() => Promise.reject(new Error("no clipboard"))) },
  });
}

const open = (currentTime?: () => number) => {
  render(<ShareButton content={item} currentTime={currentTime} />);
  fireEvent.click(screen.getByRole("button", { name: "Share" }));
};
const press = (name: string) => act(async () => fireEvent.click(screen.getByRole("button", { name })));
const status = () => screen.getByRole("status");

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("Share dialog", () => {
  it("copies the item's own address and says so, then the status clears", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({ writeText });
    open(() => 0);
    expect(screen.getByRole("dialog", { name: "Share" })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>("Link").value).toBe(url);
    // At the very start there is no time to offer.
    expect(screen.queryByRole("checkbox")).toBeNull();
    await press("Copy link");
    expect(writeText).toHaveBeenCalledWith(url);
    expect(status().textContent).toBe("Link copied");
    act(() => {
      vi.advanceTimersByTime(SHARE_STATUS_MS);
    });
    expect(status().textContent).toBe("");
  });

  it("offers the player's time, rounded down, and adds ?t= when ticked", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({ writeText });
    open(() => 83.9);
    const box = screen.getByRole("checkbox", { name: "Start at 1:23" });
    fireEvent.click(box);
    expect(screen.getByLabelText<HTMLInputElement>("Link").value).toBe(`${url}?t=83`);
    await press("Copy link");
    expect(writeText).toHaveBeenCalledWith(`${url}?t=83`);
    fireEvent.click(box);
    expect(screen.getByLabelText<HTMLInputElement>("Link").value).toBe(url);
  });

  it("shows and copies the embed code, the title escaped", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({ writeText });
    open();
    const code =
      `<iframe src="${origin}/embed/${item.id}" width="640" height="360" frameborder="0" ` +
      `allow="autoplay; fullscreen; picture-in-picture" allowfullscreen ` +
      `title="Night &quot;Drive&quot; &lt;b&gt;🚗&lt;/b&gt;"></iframe>`;
    expect(screen.getByLabelText<HTMLTextAreaElement>("Embed").value).toBe(code);
    await press("Copy embed code");
    expect(writeText).toHaveBeenCalledWith(code);
    expect(status().textContent).toBe("Embed code copied");
    expect(screen.getByText("Views in an embed don't earn: Watch on Reelpay to earn.")).toBeTruthy();
  });

  it("says in words when copying fails", async () => {
    stubNavigator({});
    open();
    await press("Copy link");
    expect(status().textContent).toBe("Couldn't copy. Select the text and copy it yourself.");
  });

  it("hides Share… without a share sheet, and opens the sheet with the link where there is one", async () => {
    stubNavigator({});
    open();
    expect(screen.queryByRole("button", { name: "Share…" })).toBeNull();
    cleanup();
    const share = vi.fn(() => Promise.resolve());
    stubNavigator({ share });
    open(() => 10);
    fireEvent.click(screen.getByRole("checkbox", { name: "Start at 0:10" }));
    await press("Share…");
    expect(share).toHaveBeenCalledWith({ title: item.title, url: `${url}?t=10` });
    // Closing the sheet is the viewer's choice: nothing said.
    stubNavigator({ share: () => Promise.reject(new DOMException("closed", "AbortError")) });
    await press("Share…");
    expect(status().textContent).toBe("");
  });
});
