import { fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeContent } from "../../test/content-fixtures";
import { MediaPlayer } from "./media-player";

// The item's WebVTT tracks in the player (docs/decisions/049): a <track> per language, the CC button and the c key
// on the same tracks. happy-dom builds no TextTrack objects from <track>, so the media's list is a stand-in with the
// browser's shape (an event target that says "change" when a mode changes).

type FakeTrack = { kind: string; language: string; label: string; mode: TextTrackMode };
let tracks: FakeTrack[] = [];
let list: EventTarget & { length: number };

beforeEach(() => {
  list = Object.assign(new EventTarget(), { length: 0 });
  Object.defineProperty(HTMLMediaElement.prototype, "textTracks", {
    configurable: true,
    get: () => {
      // The browser's list is live: it reads the tracks as they now are, and a mode change is announced.
      const live = tracks.map((t) => {
        const proxy = { ...t };
        Object.defineProperty(proxy, "mode", {
          get: () => t.mode,
          set: (mode: TextTrackMode) => {
            t.mode = mode;
            list.dispatchEvent(new Event("change"));
          },
        });
        return proxy;
      });
      return Object.assign(list, { length: live.length }, live);
    },
  });
});
afterEach(() => {
  delete (HTMLMediaElement.prototype as { textTracks?: unknown }).textTracks;
});

function renderWith(langs: string[]) {
  tracks = langs.map((lang) => ({ kind: "captions", language: lang, label: lang, mode: "disabled" }));
  const content = {
    ...makeContent({ type: "video", title: "Night Drive" }),
    captions: langs.map((lang) => ({ lang, url: `/api/content/c1/captions/${lang}?v=1` })),
  };
  return render(<MediaPlayer content={content} />);
}

describe("captions in the player", () => {
  it("adds a captions <track> per language, same origin, labelled by name, the viewer's language first", () => {
    const { container } = renderWith(["fr", "en"]);
    const elements = [...container.querySelectorAll("video > track")];
    expect(
      elements.map((t) => [
        t.getAttribute("kind"),
        t.getAttribute("srclang"),
        t.getAttribute("label"),
        t.getAttribute("src"),
      ]),
    ).toEqual([
      ["captions", "en", "English", "/api/content/c1/captions/en?v=1"],
      ["captions", "fr", "French", "/api/content/c1/captions/fr?v=1"],
    ]);
  });

  it("with one language, CC turns it on and off, and the c key and the button agree", () => {
    renderWith(["en"]);
    const cc = screen.getByRole("button", { name: "Captions" });
    expect(cc.getAttribute("aria-pressed")).toBe("false");
    fireEvent.click(cc);
    expect(tracks[0]!.mode).toBe("showing");
    expect(screen.getByRole("button", { name: "Captions: English" }).getAttribute("aria-pressed")).toBe("true");
    fireEvent.keyDown(document.body, { key: "c" });
    expect(tracks[0]!.mode).toBe("hidden");
    expect(screen.getByRole("button", { name: "Captions" }).getAttribute("aria-pressed")).toBe("false");
    fireEvent.keyDown(document.body, { key: "c" });
    expect(screen.getByRole("button", { name: "Captions: English" }).getAttribute("aria-pressed")).toBe("true");
  });

  it("with several, CC opens a menu: Off and each language by name", () => {
    tracks = [];
    renderWith(["en", "pt-BR"]);
    fireEvent.click(screen.getByRole("button", { name: "Captions" }));
    const items = screen.getAllByRole("menuitemradio");
    expect(items.map((i) => i.textContent)).toEqual(["Off", "English", "Brazilian Portuguese"]);
    expect(items[0].getAttribute("aria-checked")).toBe("true");
    fireEvent.click(screen.getByRole("menuitemradio", { name: "Brazilian Portuguese" }));
    expect(tracks.map((t) => t.mode)).toEqual(["disabled", "showing"]);
    expect(screen.queryByRole("menu")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Captions: Brazilian Portuguese" }));
    fireEvent.click(screen.getByRole("menuitemradio", { name: "Off" }));
    expect(tracks.map((t) => t.mode)).toEqual(["disabled", "disabled"]);
  });

  it("no captions: no CC button and no tracks", () => {
    const { container } = renderWith([]);
    expect(screen.queryByRole("button", { name: /Captions/ })).toBeNull();
    expect(container.querySelector("track")).toBeNull();
  });
});
