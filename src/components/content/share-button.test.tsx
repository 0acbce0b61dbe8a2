import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeContent } from "../../test/content-fixtures";
import { SHARE_STATUS_MS, ShareButton } from "./share-button";

// Share (docs/decisions/047): the device's share sheet where there is one, else the address copied and said so.

const item = makeContent({ title: "Night Drive" });
const url = `${window.location.origin}/content/${item.id}`;

function stubNavigator(parts: {
  share?: (data: ShareData) => Promise<void>;
  writeText?: (text: string) => Promise<void>;
}) {
  vi.stubGlobal("navigator", {
    ...navigator,
    share: parts.share,
    canShare: parts.share ? () => true : undefined,
    clipboard: { writeText: parts.writeText ?? (() => Promise.reject(new Error("no clipboard"))) },
  });
}

const click = () => act(async () => fireEvent.click(screen.getByRole("button", { name: "Share" })));
const status = () => screen.getByRole("status");

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("Share", () => {
  it("opens the device's share sheet with the item's title and address, and copies nothing", async () => {
    const share = vi.fn(() => Promise.resolve());
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({ share, writeText });
    render(<ShareButton content={item} />);
    await click();
    expect(share).toHaveBeenCalledWith({ title: "Night Drive", url });
    expect(writeText).not.toHaveBeenCalled();
    expect(status().textContent).toBe("");
  });

  it("takes a closed share sheet as the viewer's choice", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({ share: () => Promise.reject(new DOMException("closed", "AbortError")), writeText });
    render(<ShareButton content={item} />);
    await click();
    expect(writeText).not.toHaveBeenCalled();
    expect(status().textContent).toBe("");
  });

  it("without a share sheet copies the address and says so in a status that then clears", async () => {
    vi.useFakeTimers();
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({ writeText });
    render(<ShareButton content={item} />);
    await click();
    expect(writeText).toHaveBeenCalledWith(url);
    expect(status().textContent).toBe("Link copied");
    act(() => {
      vi.advanceTimersByTime(SHARE_STATUS_MS);
    });
    expect(status().textContent).toBe("");
  });

  it("copies when the share sheet fails for another reason, and says when copying fails too", async () => {
    const writeText = vi.fn(() => Promise.resolve());
    stubNavigator({ share: () => Promise.reject(new Error("not allowed")), writeText });
    const { unmount } = render(<ShareButton content={item} />);
    await click();
    expect(writeText).toHaveBeenCalledWith(url);
    expect(status().textContent).toBe("Link copied");
    unmount();

    stubNavigator({});
    render(<ShareButton content={item} />);
    await click();
    expect(status().textContent).toBe("Couldn't copy the link. Copy it from the address bar.");
  });
});
