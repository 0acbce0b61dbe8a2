import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { makeContent } from "../../test/content-fixtures";
import { stubFetch } from "../../test/fetch";
import { renderRoutes } from "../../test/render-route";
import { ContentFeed } from "./content-feed";

// A search answer's `in_captions` (docs/decisions/049): only those cards say the words were found in captions.

describe("search results found in captions", () => {
  it("marks the cards the answer lists, and only those", async () => {
    const inTitle = makeContent({ title: "Harbour lights" });
    const inCaptions = makeContent({ title: "Night drive" });
    stubFetch({
      "GET /api/content": { body: { items: [inTitle, inCaptions], nextCursor: null, in_captions: [inCaptions.id] } },
    });
    renderRoutes([{ path: "*", element: <ContentFeed query={{ search: "harbour" }} /> }], "/");
    const cards = await screen.findAllByRole("article");
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).queryByText("Found in captions")).toBeNull();
    expect(within(cards[1]!).getByText("Found in captions")).toBeTruthy();
  });
});
