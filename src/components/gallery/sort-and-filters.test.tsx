import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../../stores/auth";
import { useGalleryReturn } from "../../stores/gallery-return";
import { useSearchDraft } from "../../stores/search-draft";
import { contentPage, makeContent } from "../../test/content-fixtures";
import { backgroundEarningsRoutes } from "../../test/earnings-fixtures";
import { stubFetch } from "../../test/fetch";
import { renderApp } from "../../test/render-route";

// The gallery's Sort and Filters live in the address with the search and type (docs/decisions/100).

const jazz = makeContent({ title: "Late Night Jazz", type: "audio" });

/** Answers the gallery (empty when `empty` says so) and records each request's query as a plain object. */
function stubGallery(empty: (q: Record<string, string>) => boolean = () => false) {
  const queries: Record<string, string>[] = [];
  stubFetch({
    ...backgroundEarningsRoutes,
    "GET /api/content": (_init, url) => {
      const query = Object.fromEntries(url.searchParams);
      queries.push(query);
      return { body: contentPage(empty(query) ? [] : [jazz]) };
    },
  });
  return queries;
}

const params = (router: ReturnType<typeof renderApp>["router"]) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));
const select = (name: string) => screen.getByRole<HTMLSelectElement>("combobox", { name });
const optionsOf = (name: string) =>
  within(select(name))
    .getAllByRole("option")
    .map((o) => o.textContent);

beforeEach(() => {
  useAuth.setState({ user: null, pending: false });
  useGalleryReturn.setState({ search: "" });
  useSearchDraft.setState({ draft: "", committed: null, committedOn: null });
});

describe("Sort and Filters", () => {
  it("offer the exact choices; Relevance only for a search", async () => {
    stubGallery();
    renderApp("/?q=jazz");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    expect(optionsOf("Sort")).toEqual(["Relevance", "Newest", "Most viewed"]);
    expect(select("Sort").value).toBe("relevance");
    expect(optionsOf("Length")).toEqual(["Any", "Under 4 minutes", "4–20 minutes", "Over 20 minutes"]);
    expect(optionsOf("Upload date")).toEqual(["Any time", "Today", "This week", "This month", "This year"]);
  });

  it("in the gallery, sort by Newest or Most viewed", async () => {
    stubGallery();
    renderApp("/");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    expect(optionsOf("Sort")).toEqual(["Newest", "Most viewed"]);
    expect(select("Sort").value).toBe("newest");
  });

  it("a shared address opens the same sort and filters, and asks the API for them", async () => {
    const queries = stubGallery();
    renderApp("/?q=jazz&type=audio&sort=views&length=long&uploaded=week");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    expect(select("Sort").value).toBe("views");
    expect(select("Length").value).toBe("long");
    expect(select("Upload date").value).toBe("week");
    for (const query of queries) {
      expect(query).toEqual({ search: "jazz", type: "audio", sort: "views", length: "long", uploaded: "week" });
    }
  });

  it("each choice writes the address; Back and Forward bring each view back; Clear filters keeps the search and sort", async () => {
    const queries = stubGallery();
    const { router } = renderApp("/?q=jazz");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    fireEvent.change(select("Sort"), { target: { value: "views" } });
    await waitFor(() => expect(params(router)).toEqual({ q: "jazz", sort: "views" }));
    fireEvent.change(select("Length"), { target: { value: "short" } });
    await waitFor(() => expect(params(router)).toEqual({ q: "jazz", sort: "views", length: "short" }));
    fireEvent.change(select("Upload date"), { target: { value: "today" } });
    await waitFor(() =>
      expect(queries.at(-1)).toEqual({ search: "jazz", sort: "views", length: "short", uploaded: "today" }),
    );

    await act(() => router.navigate(-1));
    await waitFor(() => expect(select("Upload date").value).toBe(""));
    expect(select("Length").value).toBe("short");
    await waitFor(() => expect(queries.at(-1)).toEqual({ search: "jazz", sort: "views", length: "short" }));
    await act(() => router.navigate(1));
    await waitFor(() => expect(select("Upload date").value).toBe("today"));

    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(params(router)).toEqual({ q: "jazz", sort: "views" }));
    expect(select("Length").value).toBe("");
    expect(screen.queryByRole("button", { name: "Clear filters" })).toBeNull();
  });

  it("an empty result names the filters to loosen", async () => {
    stubGallery((q) => q.length === "long");
    renderApp("/?q=jazz&length=long&uploaded=today");
    expect(await screen.findByText("Nothing matches these filters")).toBeVisible();
    expect(
      screen.getByText("Try loosening Length (Over 20 minutes) or Upload date (Today), or Clear filters."),
    ).toBeVisible();
  });

  it("ignores values an address cannot mean", async () => {
    const queries = stubGallery();
    renderApp("/?sort=popular&length=huge&uploaded=decade");
    await screen.findByRole("link", { name: "Late Night Jazz" });
    expect(queries.every((q) => Object.keys(q).length === 0)).toBe(true);
    expect(select("Sort").value).toBe("newest");
    expect(select("Length").value).toBe("");
  });
});
