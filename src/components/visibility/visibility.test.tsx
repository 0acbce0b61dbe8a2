import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { ContentJson } from "../../../common/schemas/content";
import { useAuth } from "../../stores/auth";
import { makeContent } from "../../test/content-fixtures";
import { earningRules } from "../../test/earnings-fixtures";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { ava } from "../../test/fixtures";
import { renderApp } from "../../test/render-route";
import { stubBrowserDialogs } from "../../test/browser-dialogs";
import { localInputValue, visibilityLabel, visibilityProblem, visibilityRequest } from "./visibility-choice";

// Who may see an item, as My Content shows and edits it (docs/decisions/094).

const mine = (...items: ContentJson[]) => ({
  "GET /api/content/mine": { body: { items, nextCursor: null } },
  "GET /api/earning-rules": { body: earningRules },
});
const item = (title: string) => within(screen.getByRole("listitem", { name: title }));

async function openMyContent() {
  renderApp("/profile");
  fireEvent.click(await screen.findByRole("tab", { name: "My Content" }));
  await screen.findByText(/item\(s\)$/);
}

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
  stubBrowserDialogs();
});

describe("visibility choice", () => {
  it("needs a future time for Scheduled, and sends it as UTC with its offset", () => {
    const now = Date.parse("2026-06-01T12:00:00.000Z");
    expect(visibilityProblem({ option: "scheduled", at: "" }, now)).toBe("Choose the date and time it goes public");
    expect(visibilityProblem({ option: "scheduled", at: localInputValue(now - 60_000) }, now)).toBe(
      "Choose a time in the future",
    );
    const later = localInputValue(now + 3_600_000);
    expect(visibilityProblem({ option: "scheduled", at: later }, now)).toBeNull();
    expect(visibilityRequest({ option: "scheduled", at: later })).toEqual({
      visibility: "private",
      publish_at: new Date(now + 3_600_000).toISOString(),
    });
    expect(visibilityRequest({ option: "unlisted", at: later })).toEqual({ visibility: "unlisted" });
    expect(visibilityProblem({ option: "private", at: "" }, now)).toBeNull();
  });
});

describe("My Content", () => {
  it("badges each item Public, Unlisted, Private or Scheduled for its time", async () => {
    const at = "2026-12-24T17:00:00.000Z";
    stubFetch(
      mine(
        makeContent({ title: "Open" }),
        makeContent({ title: "By link", visibility: "unlisted" }),
        makeContent({ title: "Mine only", visibility: "private" }),
        makeContent({ title: "Premiere", visibility: "private", publish_at: at, published_at: at }),
      ),
    );
    await openMyContent();
    expect(item("Open").getByText("Public")).toBeVisible();
    expect(item("By link").getByText("Unlisted")).toBeVisible();
    expect(item("Mine only").getByText("Private")).toBeVisible();
    expect(item("Premiere").getByText(visibilityLabel({ visibility: "private", publish_at: at }))).toBeVisible();
    expect(visibilityLabel({ visibility: "private", publish_at: at })).toMatch(/^Scheduled for .*2026.*\(.+\)$/);
  });

  it("schedules an item from its edit form, saying the time zone, and sends nothing while the time is missing", async () => {
    const video = makeContent({ title: "City walk" });
    const fetchMock = stubFetch({
      ...mine(video),
      [`PATCH /api/content/${video.id}`]: (init) => {
        const body = JSON.parse(String(init?.body)) as { publish_at?: string };
        return {
          body: { ...video, visibility: "private", publish_at: body.publish_at, published_at: body.publish_at },
        };
      },
    });
    await openMyContent();
    fireEvent.click(item("City walk").getByRole("button", { name: "Edit" }));
    const group = screen.getByRole("group", { name: "Visibility" });
    expect(within(group).getByRole("radio", { name: /Public/ })).toHaveProperty("checked", true);
    fireEvent.click(within(group).getByRole("radio", { name: /Scheduled/ }));
    expect(screen.getByText(/Your time zone: /)).toBeVisible();
    expect(screen.getByRole("button", { name: "Save" })).toHaveProperty("disabled", true);
    const at = localInputValue(Date.now() + 2 * 86_400_000);
    fireEvent.change(screen.getByLabelText("Goes public at"), { target: { value: at } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    expect(await item("City walk").findByText(/^Scheduled for /)).toBeVisible();
    const [sent] = bodiesOf(fetchMock, `PATCH /api/content/${video.id}`) as {
      visibility: string;
      publish_at: string;
    }[];
    expect(sent).toMatchObject({ title: "City walk", visibility: "private", publish_at: new Date(at).toISOString() });
  });

  it("shows a draft as Draft, and publishes it with the chosen visibility from its edit form", async () => {
    const draft = makeContent({ title: "", visibility: "private", draft: true, published_at: null });
    const fetchMock = stubFetch({
      ...mine(draft),
      [`PATCH /api/content/${draft.id}`]: (init) => ({
        body: {
          ...draft,
          title: (JSON.parse(String(init?.body)) as { title: string }).title,
          draft: false,
          visibility: "public",
        },
      }),
    });
    await openMyContent();
    const row = item("Untitled draft");
    expect(row.getByText("Draft")).toBeVisible();
    fireEvent.click(row.getByRole("button", { name: "Edit" }));
    expect(screen.getByRole("button", { name: "Publish" })).toHaveProperty("disabled", true);
    fireEvent.change(screen.getByLabelText(/Title/), { target: { value: "Finished" } });
    fireEvent.click(screen.getByRole("button", { name: "Publish" }));
    const finished = await screen.findByRole("listitem", { name: "Finished" });
    expect(within(finished).getByText("Public")).toBeVisible();
    expect(bodiesOf(fetchMock, `PATCH /api/content/${draft.id}`)).toEqual([
      { title: "Finished", description: draft.description, tags: [], visibility: "public" },
    ]);
  });
});
