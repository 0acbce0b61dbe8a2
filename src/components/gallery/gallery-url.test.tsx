import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../../stores/auth";
import { useGalleryReturn } from "../../stores/gallery-return";
import { useSearchDraft } from "../../stores/search-draft";
import { contentPage, makeContent } from "../../test/content-fixtures";
import { backgroundEarningsRoutes } from "../../test/earnings-fixtures";
import { stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderApp, renderRoutes } from "../../test/render-route";
import { Link, Outlet } from "react-router";
import { Header } from "../header";

// The home gallery's search, type and creator live in the address (docs/decisions/047).

const jazz = makeContent({ title: "Late Night Jazz", type: "audio" });

/** Answers the gallery and records each request's query as a plain object. */
function stubGallery() {
  const queries: Record<string, string>[] = [];
  stubFetch({
    ...backgroundEarningsRoutes,
    "GET /api/content": (_init, url) => {
      queries.push(Object.fromEntries(url.searchParams));
      return { body: contentPage([jazz]) };
    },
    [`GET /api/users/${ava.id}`]: {
      body: {
        id: ava.id,
        username: "ava",
        display_name: "ava",
        created_at: ava.created_at,
        video_count: 1,
        audio_count: 1,
        view_count: 0,
        followers: 0,
        following: false,
        bio: null,
        links: [],
        avatar_url: null,
        banner_url: null,
      },
    },
    [`GET /api/content/${jazz.id}`]: { body: jazz },
    [`GET /api/content/${jazz.id}/like-status`]: { body: { liked: false, like_count: 0 } },
    [`GET /api/content/${jazz.id}/suggestions`]: { body: { suggestions: [] } },
    "GET /api/ad-settings": { body: { preroll_enabled: "false", postroll_enabled: "false", vast_url: "" } },
  });
  return queries;
}

const box = () => screen.getByRole<HTMLInputElement>("searchbox", { name: "Search content or creators" });
const params = (router: ReturnType<typeof renderApp>["router"]) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const pressed = (name: string) => screen.getByRole("button", { name }).getAttribute("aria-pressed");

beforeEach(() => {
  useAuth.setState({ user: null, pending: false });
  useGalleryReturn.setState({ search: "" });
  useSearchDraft.setState({ draft: "", committed: null, committedOn: null });
});

describe("search in the address", () => {
  it("a shared address opens the same results: the box, the type and the gallery's request all follow it", async () => {
    const queries = stubGallery();
    renderApp("/?q=jazz&type=audio");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    expect(box().value).toBe("jazz");
    expect(pressed("Audio")).toBe("true");
    // Every request (StrictMode runs effects twice) asked for the address's search, never the whole gallery.
    expect(queries.length).toBeGreaterThan(0);
    for (const query of queries) expect(query).toEqual({ search: "jazz", type: "audio" });
    expect(screen.getByText(/^Results for/).textContent).toBe("Results for “jazz”");
  });

  it("typing and the type buttons write the address; Back and Forward bring each search back", async () => {
    const queries = stubGallery();
    const { router } = renderApp("/");
    await screen.findByRole("link", { name: "Late Night Jazz" });

    fireEvent.change(box(), { target: { value: "ja" } });
    await waitFor(() => expect(params(router)).toEqual({ q: "ja" }));
    // Refining a search replaces its entry: Back will not stop at each half-typed word.
    fireEvent.change(box(), { target: { value: "jazz " } });
    await waitFor(() => expect(params(router)).toEqual({ q: "jazz" }));
    fireEvent.click(screen.getByRole("button", { name: "Videos" }));
    await waitFor(() => expect(params(router)).toEqual({ q: "jazz", type: "video" }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ search: "jazz", type: "video" }));

    await act(() => router.navigate(-1));
    expect(params(router)).toEqual({ q: "jazz" });
    await waitFor(() => expect(pressed("All")).toBe("true"));
    expect(box().value.trim()).toBe("jazz");
    await waitFor(() => expect(queries.at(-1)).toEqual({ search: "jazz" }));

    await act(() => router.navigate(-1));
    expect(params(router)).toEqual({});
    await waitFor(() => expect(box().value).toBe(""));
    await waitFor(() => expect(queries.at(-1)).toEqual({}));
    // The box emptied by Back does not write the address again once its pause is over.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(params(router)).toEqual({});

    await act(() => router.navigate(1));
    await waitFor(() => expect(box().value).toBe("jazz"));
    expect(params(router)).toEqual({ q: "jazz" });
    // The address was trimmed; what the box shows after Forward is what the address says.
  });

  it("a creator in the address filters the gallery, says whose items these are, and can be cleared", async () => {
    const queries = stubGallery();
    const { router } = renderApp(`/?creator=${ava.id}&type=audio`);
    expect(await screen.findByText("ava", { selector: "span span" })).toBeVisible();
    expect(queries.at(-1)).toEqual({ creator: ava.id, type: "audio" });
    fireEvent.click(screen.getByRole("button", { name: "Show all creators" }));
    await waitFor(() => expect(params(router)).toEqual({ type: "audio" }));
    await waitFor(() => expect(queries.at(-1)).toEqual({ type: "audio" }));
  });

  it("ignores what an address cannot mean: an unknown type and a creator that is no id", async () => {
    const queries = stubGallery();
    renderApp("/?type=films&creator=robert');--");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    expect(queries.every((q) => Object.keys(q).length === 0)).toBe(true);
    expect(pressed("All")).toBe("true");
    expect(screen.queryByRole("button", { name: "Show all creators" })).toBeNull();
  });

  it("a content page's Back to gallery returns to the search it came from", async () => {
    stubGallery();
    useAuth.setState({ user: ava });
    const { router } = renderApp("/?q=jazz&type=audio");
    fireEvent.click(await screen.findByRole("link", { name: "Late Night Jazz" }));
    fireEvent.click(await screen.findByRole("link", { name: "Back to gallery" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(params(router)).toEqual({ q: "jazz", type: "audio" });
    expect(box().value).toBe("jazz");
  });

  it("a creator page's type tab is in the address too: Back returns to the tab before, a shared link opens it", async () => {
    const queries = stubGallery();
    const { router } = renderApp(`/creator/${ava.id}?type=audio`);
    expect(await screen.findByRole("tab", { name: "Audio", selected: true })).toBeVisible();
    await waitFor(() => expect(queries.at(-1)).toEqual({ creator: ava.id, type: "audio" }));
    fireEvent.click(screen.getByRole("tab", { name: "Videos" }));
    await waitFor(() => expect(params(router)).toEqual({ type: "video" }));
    expect(screen.getByRole("tab", { name: "Videos", selected: true })).toBeVisible();
    await act(() => router.navigate(-1));
    expect(await screen.findByRole("tab", { name: "Audio", selected: true })).toBeVisible();
  });

  it("a click already taking the viewer elsewhere wins over a search typed just before the pause ends", async () => {
    stubGallery();
    // The next screen's code takes longer to arrive than the search box's pause, as on a slow phone.
    const slowScreen = () =>
      new Promise<{ Component: () => React.JSX.Element }>((resolve) =>
        setTimeout(() => resolve({ Component: () => <p>Arrived</p> }), 700),
      );
    const { router } = renderRoutes(
      [
        {
          path: "/",
          element: (
            <>
              <Header />
              <Link to="/elsewhere">Elsewhere</Link>
              <Outlet />
            </>
          ),
          children: [
            { index: true, element: <p>Home</p> },
            { path: "elsewhere", lazy: slowScreen },
          ],
        },
      ],
      "/",
    );
    fireEvent.change(box(), { target: { value: "jazz" } });
    fireEvent.click(screen.getByRole("link", { name: "Elsewhere" }));
    expect(await screen.findByText("Arrived", {}, { timeout: 3000 })).toBeVisible();
    // Well past the pause: the search never pulled the viewer back to the results.
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(router.state.location.pathname).toBe("/elsewhere");
    expect(router.state.location.search).toBe("");
  });
});
