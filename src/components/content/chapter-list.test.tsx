import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../../stores/auth";
import { makeContent } from "../../test/content-fixtures";
import { ava } from "../../test/fixtures";
import { renderWithQueries } from "../../test/query-client";
import { stubNetwork } from "../../test/vast-feeds";
import { ContentPlayer } from "./content-player";

// The chapters of docs/decisions/050 on the content page: the list under the player seeks it, the seek bar
// marks where each chapter begins and names the current one.

const description = [
  "A walk through the old town.",
  "",
  "0:00 Intro 👋",
  "0:20 The market",
  "1:05 <b>Harbour</b>",
  "",
  "Music by Ava",
].join("\n");
const item = makeContent({ title: "Old town", duration: 90, description });

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
  stubNetwork({
    "GET /api/ad-settings": { body: { preroll_enabled: "false", postroll_enabled: "false", vast_url: "" } },
    [`GET /api/content/${item.id}/suggestions`]: { body: { suggestions: [] } },
  });
});

function renderPlayer(content = item) {
  renderWithQueries(
    <MemoryRouter initialEntries={[`/content/${content.id}`]}>
      <ContentPlayer content={content} />
    </MemoryRouter>,
  );
  const video = screen.getByRole("region", { name: "Video player: Old town" }).querySelector("video")!;
  Object.defineProperty(video, "duration", { configurable: true, value: 90 });
  // The player learns the length from the element's own event.
  fireEvent(video, new Event("loadedmetadata"));
  return video;
}

const chapterList = () => screen.getByRole("region", { name: "Chapters" });

describe("chapters", () => {
  it("lists each chapter as a button with its time and title, in order", () => {
    renderPlayer();
    const buttons = within(chapterList()).getAllByRole("button");
    expect(buttons.map((b) => b.textContent)).toEqual(["0:00Intro 👋", "0:20The market", "1:05<b>Harbour</b>"]);
    expect(within(chapterList()).getByRole("list")).toBeVisible();
  });

  it("seeks the player to a chapter when it is clicked, and marks it current", async () => {
    const video = renderPlayer();
    fireEvent.click(screen.getByRole("button", { name: "0:20 The market" }));
    expect(video.currentTime).toBe(20);
    fireEvent(video, new Event("timeupdate"));
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "0:20 The market" }).getAttribute("aria-current")).toBe("true"),
    );
    expect(screen.getByRole("button", { name: "0:00 Intro 👋" }).getAttribute("aria-current")).toBeNull();
    // The seek bar says which chapter is playing, in its value text and on screen.
    expect(screen.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext")).toBe(
      "0:20 of 1:30, chapter: The market",
    );
    expect(screen.getByTestId("current-chapter").textContent).toBe("The market");
  });

  it("marks where each chapter after the first begins on the seek bar, hidden from screen readers", () => {
    renderPlayer();
    const marks = screen.getAllByTestId("chapter-mark");
    expect(marks.map((m) => m.style.left)).toEqual([`${(20 / 90) * 100}%`, `${(65 / 90) * 100}%`]);
    expect(marks[0].parentElement?.getAttribute("aria-hidden")).toBe("true");
  });

  it("shows no list and no marks when the description has no chapters", () => {
    renderPlayer(
      makeContent({ id: item.id, title: "Old town", duration: 90, description: "0:05 starts late\n1:00 then this" }),
    );
    expect(screen.queryByRole("region", { name: "Chapters" })).toBeNull();
    expect(screen.queryAllByTestId("chapter-mark")).toEqual([]);
    expect(screen.getByRole("slider", { name: "Seek" }).getAttribute("aria-valuetext")).toBe("0:00 of 1:30");
  });
});
