import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../../stores/auth";
import { makeContent } from "../../test/content-fixtures";
import { earningRules } from "../../test/earnings-fixtures";
import { stubFetch } from "../../test/fetch";
import { ava, suspendedAva } from "../../test/fixtures";
import { renderApp } from "../../test/render-route";

// docs/decisions/027: an item moderators took down says so in My Content, with their note; a suspended member is told.

const kept = makeContent({ title: "Kept clip" });
const takenDown = makeContent({ title: "Taken clip", removed: true, removed_note: "Repeated spam in the description" });
const mine = {
  "GET /api/content/mine": { body: { items: [kept, takenDown], nextCursor: null } },
  "GET /api/earning-rules": { body: earningRules },
  // No action against Ava on record: the notices show no appeal (docs/decisions/092, appeals.test.tsx).
  "GET /api/me/appeals": { body: { actions: [] } },
};

async function openMyContent() {
  renderApp("/profile");
  fireEvent.click(await screen.findByRole("tab", { name: "My Content" }));
  await screen.findByText("2 item(s)");
}
const item = (title: string) => within(screen.getByRole("listitem", { name: title }));

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("my content: taken down by moderators", () => {
  it("marks a removed item with the moderators' note, and only that one", async () => {
    stubFetch(mine);
    await openMyContent();
    expect(item("Taken clip").getByText("Removed by moderators")).toBeVisible();
    expect(item("Taken clip").getByText("Repeated spam in the description")).toBeVisible();
    expect(item("Taken clip").getByText(/Only you can see it/)).toBeVisible();
    expect(item("Kept clip").queryByText("Removed by moderators")).toBeNull();
  });

  it("keeps the marker after an edit, whose answer does not carry it", async () => {
    const { removed: _removed, removed_note: _note, ...plain } = takenDown;
    stubFetch({ ...mine, [`PATCH /api/content/${takenDown.id}`]: { body: { ...plain, title: "Taken clip, fixed" } } });
    await openMyContent();
    fireEvent.click(item("Taken clip").getByRole("button", { name: "Edit" }));
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    const fixed = within(await screen.findByRole("listitem", { name: "Taken clip, fixed" }));
    expect(fixed.getByText("Removed by moderators")).toBeVisible();
  });
});

describe("profile of a suspended member", () => {
  it("says the account is suspended", async () => {
    useAuth.setState({ user: suspendedAva });
    stubFetch(mine);
    renderApp("/profile");
    const notice = await screen.findByRole("region", { name: "Account suspended" });
    expect(within(notice).getByText(/cannot upload, like, report or edit content/)).toBeVisible();
  });

  it("says nothing of the kind to a member in good standing", async () => {
    stubFetch(mine);
    renderApp("/profile");
    await screen.findByRole("tab", { name: "My Content" });
    expect(screen.queryByRole("region", { name: "Account suspended" })).toBeNull();
  });
});
