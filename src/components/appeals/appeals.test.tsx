import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { MyAppealActionJson } from "../../../common/schemas/appeals";
import { useAuth } from "../../stores/auth";
import { makeContent } from "../../test/content-fixtures";
import { earningRules } from "../../test/earnings-fixtures";
import { expectConsoleError } from "../../test/console";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { ava, suspendedAva } from "../../test/fixtures";
import { renderApp } from "../../test/render-route";

// docs/decisions/092: a creator appeals a takedown from My Content, a suspended member their suspension from the
// notice; the dialog checks the text, shows the server's refusals, and the state follows the appeal.

const takenDown = makeContent({ title: "Taken clip", removed: true, removed_note: "Repeated spam" });
const takedown: MyAppealActionJson = {
  action_id: "01J0000000000000000000TAKE",
  action: "takedown",
  content_id: takenDown.id,
  title: "Taken clip",
  comment: null,
  note: "Repeated spam",
  acted_at: "2026-11-20T12:00:00.000Z",
  in_force: true,
  appeal_until: "2026-12-20T12:00:00.000Z",
  can_appeal: true,
  appeal: null,
};
const openAppeal = {
  id: "01J00000000000000000APPEAL",
  text: "Mine",
  status: "open" as const,
  decision_note: "",
  created_at: "2026-11-21T12:00:00.000Z",
  decided_at: null,
};

function stubProfile(actions: MyAppealActionJson[], extra: Parameters<typeof stubFetch>[0] = {}) {
  return stubFetch({
    "GET /api/content/mine": { body: { items: [takenDown], nextCursor: null } },
    "GET /api/earning-rules": { body: earningRules },
    "GET /api/me/appeals": { body: { actions } },
    ...extra,
  });
}

async function openMyContent() {
  renderApp("/profile");
  fireEvent.click(await screen.findByRole("tab", { name: "My Content" }));
  return within(await screen.findByRole("listitem", { name: "Taken clip" }));
}

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

describe("appealing a takedown", () => {
  it("checks the text, sends it, and then shows the appeal as sent", async () => {
    let actions = [takedown];
    const fetchMock = stubProfile([], {
      "GET /api/me/appeals": () => ({ body: { actions } }),
      "POST /api/appeals": () => {
        actions = [{ ...takedown, can_appeal: false, appeal: openAppeal }];
        return { status: 201, body: { appeal: openAppeal } };
      },
    });
    const item = await openMyContent();
    fireEvent.click(await item.findByRole("button", { name: "Appeal" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Appeal the takedown" }));
    expect(dialog.getByText(/why “Taken clip” should be restored/)).toBeVisible();
    const text = dialog.getByLabelText("Your appeal");
    fireEvent.change(text, { target: { value: "   too short" } });
    expect(dialog.getByText("12/2000 characters (at least 10)")).toBeVisible();
    fireEvent.change(text, { target: { value: "   short  " } });
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));
    expect(dialog.getByRole("alert").textContent).toBe("Write at least 10 characters.");
    expect(bodiesOf(fetchMock, "POST /api/appeals")).toEqual([]);

    fireEvent.change(text, { target: { value: "  <b>I filmed this</b> myself 🎬  " } });
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));
    expect(await dialog.findByText("Appeal sent")).toBeVisible();
    expect(bodiesOf(fetchMock, "POST /api/appeals")).toEqual([
      { action_id: takedown.action_id, text: "<b>I filmed this</b> myself 🎬" },
    ]);
    fireEvent.click(dialog.getByRole("button", { name: "Done" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(await item.findByText(/Appeal sent Nov 21, 2026/)).toBeVisible();
    expect(item.queryByRole("button", { name: "Appeal" })).toBeNull();
  });

  it("shows the server's refusal in the dialog, and a failure of ours in words", async () => {
    let reply = {
      status: 409,
      body: { error: "You have already appealed this action", code: "already_appealed", requestId: "r" },
    };
    stubProfile([takedown], { "POST /api/appeals": () => reply });
    const item = await openMyContent();
    fireEvent.click(await item.findByRole("button", { name: "Appeal" }));
    const dialog = within(await screen.findByRole("dialog"));
    fireEvent.change(dialog.getByLabelText("Your appeal"), { target: { value: "Please look again at it." } });
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("You have already appealed this action");
    reply = { status: 500, body: { error: "Internal error", code: "internal", requestId: "r" } };
    const errors = expectConsoleError();
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));
    await waitFor(() =>
      expect(dialog.getByRole("alert").textContent).toBe("Your appeal could not be sent. Please try again."),
    );
    expect(String(errors.mock.calls.at(-1)?.[0])).toMatch(/Failed to send appeal: API responded with HTTP status 500/);
  });

  it("shows an upheld appeal with the admin's note, and no Appeal button once the time has passed", async () => {
    stubProfile([
      {
        ...takedown,
        can_appeal: false,
        appeal: { ...openAppeal, status: "upheld", decision_note: "The music is not yours" },
      },
    ]);
    const item = await openMyContent();
    expect(await item.findByText("Appeal upheld: The music is not yours")).toBeVisible();
  });

  it("says when the time to appeal ended", async () => {
    stubProfile([{ ...takedown, can_appeal: false }]);
    const item = await openMyContent();
    expect(await item.findByText("The time to appeal ended Dec 20, 2026.")).toBeVisible();
    expect(item.queryByRole("button", { name: "Appeal" })).toBeNull();
  });
});

describe("appealing a suspension", () => {
  it("offers Appeal on the suspension notice, with the moderators' note", async () => {
    useAuth.setState({ user: suspendedAva });
    const suspension: MyAppealActionJson = {
      ...takedown,
      action: "suspend",
      content_id: null,
      title: null,
      note: "Spam <script>alert(1)</script>",
    };
    stubProfile([suspension]);
    renderApp("/profile");
    const notice = within(await screen.findByRole("region", { name: "Account suspended" }));
    expect(await notice.findByText("Moderators' note: Spam <script>alert(1)</script>")).toBeVisible();
    fireEvent.click(notice.getByRole("button", { name: "Appeal" }));
    const dialog = within(await screen.findByRole("dialog", { name: "Appeal the suspension" }));
    expect(dialog.getByText(/why your account should be reinstated/)).toBeVisible();
  });
});
