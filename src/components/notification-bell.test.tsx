import { fireEvent, screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { NotificationJson, NotificationsJson } from "../../common/schemas/notifications";
import { useAuth } from "../stores/auth";
import { bodiesOf, stubFetch } from "../test/fetch";
import { ava } from "../test/fixtures";
import { renderRoutes } from "../test/render-route";
import { Header } from "./header";

const item = (over: Partial<NotificationJson>): NotificationJson => ({
  id: "1",
  kind: "views_credited",
  group: "earnings",
  at: "2026-11-26T10:00:00.000Z",
  read: false,
  count: 1,
  amount_usd: 0.003,
  subject_id: null,
  detail: "",
  creator_id: null,
  creator_name: null,
  ...over,
});
const bell = (unread: number, items: NotificationJson[]): NotificationsJson => ({ unread, items, muted: [] });

function renderHeader() {
  useAuth.setState({ user: ava, pending: false });
  return renderRoutes([{ path: "*", element: <Header /> }], "/");
}

describe("the notification bell", () => {
  it("is a Notifications button with the unread count, listing what happened in words", async () => {
    stubFetch({
      "GET /api/me/notifications": {
        body: bell(3, [
          item({
            id: "u-01J0000000000000000000ITEM",
            kind: "upload",
            group: "uploads",
            subject_id: "01J0000000000000000000ITEM",
            detail: "<b>New</b> song",
            creator_name: "ben",
          }),
          item({ id: "7", count: 12, amount_usd: 0.036 }),
          item({ id: "8", kind: "item_taken_down", group: "moderation", detail: "Old clip", read: true }),
        ]),
      },
    });
    renderHeader();
    const button = await screen.findByRole("button", { name: "Notifications, 3 unread" });
    expect(within(button).getByText("3")).toBeVisible();

    fireEvent.click(button);
    const list = screen.getByRole("list", { name: "Notifications list" });
    expect(within(list).getByRole("link", { name: /ben uploaded “<b>New<\/b> song”/ })).toHaveProperty(
      "pathname",
      "/content/01J0000000000000000000ITEM",
    );
    expect(within(list).getByRole("link", { name: /12 view rewards credited today: \$0\.036/ })).toHaveProperty(
      "pathname",
      "/wallet",
    );
    expect(within(list).getByText("“Old clip” was taken down by moderators")).toBeVisible();
    // Read items offer no Mark read.
    expect(within(list).getAllByRole("button", { name: "Mark read" })).toHaveLength(2);
    // The uploads have a page of their own (docs/decisions/101).
    expect(screen.getByRole("link", { name: "All uploads from creators you follow" })).toHaveProperty(
      "pathname",
      "/following",
    );
  });

  it("marks one read, and all read", async () => {
    const fetchMock = stubFetch({
      "GET /api/me/notifications": {
        body: bell(2, [
          item({ id: "7" }),
          item({ id: "9", kind: "payment_recorded", group: "payments", amount_usd: 25 }),
        ]),
      },
      "POST /api/me/notifications/read": (init) => ({
        body: { unread: "all" in JSON.parse(String(init?.body)) ? 0 : 1 },
      }),
    });
    renderHeader();
    fireEvent.click(await screen.findByRole("button", { name: "Notifications, 2 unread" }));
    const list = await screen.findByRole("list", { name: "Notifications list" });
    fireEvent.click(within(list).getAllByRole("button", { name: "Mark read" })[0]!);
    expect((await screen.findByRole("button", { name: "Notifications, 1 unread" })).textContent).toBe("1");
    expect(within(list).getAllByRole("button", { name: "Mark read" })).toHaveLength(1);

    fireEvent.click(screen.getByRole("button", { name: "Mark all read" }));
    await expect.poll(() => within(list).queryAllByRole("button", { name: "Mark read" }).length).toBe(0);
    expect(bodiesOf(fetchMock, "POST /api/me/notifications/read")).toEqual([{ ids: ["7"] }, { all: true }]);
    expect((await screen.findByRole("button", { name: "Notifications" })).textContent).toBe("");
  });

  it("is not shown to visitors", () => {
    useAuth.setState({ user: null, pending: false });
    renderRoutes([{ path: "*", element: <Header /> }], "/");
    expect(screen.queryByRole("button", { name: "Notifications" })).toBeNull();
  });
});
