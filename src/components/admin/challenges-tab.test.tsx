import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { bodiesOf, refuse, stubFetch } from "../../test/fetch";
import type { AdminChallengesResponse } from "../../../common/schemas/admin-challenges";
import type { BonusAwardJson } from "../../../common/schemas/challenges";
import { makeBonus, makeChallenge } from "../../test/admin-fixtures";
import { ChallengesTab } from "./challenges-tab";
import { renderWithQueries } from "../../test/query-client";
import { definitionOf } from "../../test/screen";

const watch = makeChallenge({ name: "Watch 10 streams", bonus_amount: 25 });
const upload = makeChallenge({
  name: "Share an upload",
  requirement_type: "content_uploaded",
  requirement_value: 1,
  is_active: false,
});

function stubChallenges(
  overrides: Partial<AdminChallengesResponse> = {},
  routes: Parameters<typeof stubFetch>[0] = {},
) {
  const body: AdminChallengesResponse = {
    challenges: [watch, upload],
    awards: [],
    summary: { totalBonusesPaid: 150, usersCompleted: 2, usersEnrolled: 8, successRate: 25 },
    ...overrides,
  };
  return stubFetch({ "GET /api/admin/challenges": { body }, ...routes });
}

describe("sign-on challenges tab", () => {
  it("shows the totals, how it works, and each challenge as Active or Disabled", async () => {
    stubChallenges();
    renderWithQueries(<ChallengesTab />);
    const item = within(await screen.findByRole("listitem", { name: "Watch 10 streams" }));
    expect(definitionOf("Total Bonuses Paid")).toBe("$150.00");
    expect(definitionOf("Users Completed")).toBe("2");
    expect(definitionOf("Success Rate")).toBe("25.0%");
    expect(item.getByText("Active")).toBeVisible();
    expect(item.getByText("Streams Completed: 10 · Bonus $25.00 · 24 hours")).toBeVisible();
    expect(within(screen.getByRole("listitem", { name: "Share an upload" })).getByText("Disabled")).toBeVisible();
    const info = screen.getByRole("complementary", { name: "How challenges work" }).textContent;
    for (const point of [
      "automatically enrolled in all active challenges",
      "tracked automatically",
      "within 24 hours",
      "only affect new users",
      "checked at each upload",
    ]) {
      expect(info).toContain(point);
    }
  });

  it("creates a challenge with the spec's defaults", async () => {
    const fetchMock = stubChallenges({}, { "POST /api/admin/challenges": { status: 201, body: makeChallenge() } });
    renderWithQueries(<ChallengesTab />);
    fireEvent.click(await screen.findByRole("button", { name: "New Challenge" }));
    const form = within(screen.getByRole("form", { name: "Create Challenge" }));
    expect(form.getByLabelText("Requirement")).toHaveProperty("value", "streams_completed");
    expect([...form.getByLabelText<HTMLSelectElement>("Requirement").options].map((o) => o.text)).toEqual([
      "Streams Completed",
      "Content Uploaded",
      "Minimum Views Per Content",
    ]);
    fireEvent.change(form.getByLabelText("Name"), { target: { value: " Weekend binge " } });
    fireEvent.change(form.getByLabelText("Description"), { target: { value: "Watch a lot" } });
    fireEvent.click(form.getByRole("button", { name: "Create Challenge" }));
    await waitFor(() => expect(screen.queryByRole("form", { name: "Create Challenge" })).toBeNull());
    expect(bodiesOf(fetchMock, "POST /api/admin/challenges")).toEqual([
      {
        name: "Weekend binge",
        description: "Watch a lot",
        requirement_type: "streams_completed",
        requirement_value: 10,
        bonus_amount: 10,
        time_limit_hours: 24,
        is_active: true,
      },
    ]);
  });

  it("says in words what to fix before sending: name, description, and a target that fell back to 0", async () => {
    const fetchMock = stubChallenges({}, { "POST /api/admin/challenges": { status: 201, body: makeChallenge() } });
    renderWithQueries(<ChallengesTab />);
    fireEvent.click(await screen.findByRole("button", { name: "New Challenge" }));
    const form = within(screen.getByRole("form", { name: "Create Challenge" }));
    fireEvent.change(form.getByLabelText("Name"), { target: { value: "   " } });
    fireEvent.change(form.getByLabelText("Target Value"), { target: { value: "" } });
    fireEvent.click(form.getByRole("button", { name: "Create Challenge" }));

    const name = form.getByLabelText("Name");
    const described = (field: HTMLElement) =>
      document.getElementById(field.getAttribute("aria-describedby") ?? "")?.textContent;
    expect(name.getAttribute("aria-invalid")).toBe("true");
    expect(described(name)).toBe("Enter a name");
    expect(document.activeElement).toBe(name);
    expect(described(form.getByLabelText("Description"))).toBe("Enter a description");
    expect(described(form.getByLabelText("Target Value"))).toBe("Enter a target of at least 1 (a whole number)");
    expect(form.queryByText(/is required/)).toBeNull();
    expect(bodiesOf(fetchMock, "POST /api/admin/challenges")).toEqual([]);

    // Each message goes as soon as its field is fixed.
    fireEvent.change(name, { target: { value: "Upload" } });
    expect(name.getAttribute("aria-invalid")).toBeNull();
    expect(form.queryByText("Enter a name")).toBeNull();
    fireEvent.change(form.getByLabelText("Bonus Amount (USD)"), { target: { value: "-1" } });
    fireEvent.change(form.getByLabelText("Time Limit (hours)"), { target: { value: "0" } });
    expect(described(form.getByLabelText("Bonus Amount (USD)"))).toBe("The amount cannot be negative");
    expect(described(form.getByLabelText("Time Limit (hours)"))).toBe("Enter a time limit of at least 1 hour");
  });

  it("falls back to 24 hours for a time limit that is not a whole number, and shows why the server refuses", async () => {
    const fetchMock = stubChallenges(
      {},
      { "POST /api/admin/challenges": refuse("name: a challenge with this name exists") },
    );
    renderWithQueries(<ChallengesTab />);
    fireEvent.click(await screen.findByRole("button", { name: "New Challenge" }));
    const form = within(screen.getByRole("form", { name: "Create Challenge" }));
    fireEvent.change(form.getByLabelText("Name"), { target: { value: "Upload" } });
    fireEvent.change(form.getByLabelText("Description"), { target: { value: "Upload twice" } });
    fireEvent.change(form.getByLabelText("Requirement"), { target: { value: "content_uploaded" } });
    fireEvent.change(form.getByLabelText("Target Value"), { target: { value: "2" } });
    fireEvent.change(form.getByLabelText("Bonus Amount (USD)"), { target: { value: "12.5" } });
    fireEvent.change(form.getByLabelText("Time Limit (hours)"), { target: { value: "" } });
    fireEvent.click(form.getByRole("checkbox", { name: "Active" }));
    fireEvent.click(form.getByRole("button", { name: "Create Challenge" }));
    expect((await form.findByRole("alert")).textContent).toBe("A challenge with this name exists");
    expect(bodiesOf(fetchMock, "POST /api/admin/challenges")).toEqual([
      {
        name: "Upload",
        description: "Upload twice",
        requirement_type: "content_uploaded",
        requirement_value: 2,
        bonus_amount: 12.5,
        time_limit_hours: 24,
        is_active: false,
      },
    ]);
    expect(form.getByRole("button", { name: "Create Challenge" })).toHaveProperty("disabled", false);
  });

  it("edits a challenge in place, sending only the changed fields", async () => {
    const fetchMock = stubChallenges(
      {},
      { [`PATCH /api/admin/challenges/${watch.id}`]: { body: { ...watch, bonus_amount: 30 } } },
    );
    renderWithQueries(<ChallengesTab />);
    fireEvent.click(await screen.findByRole("button", { name: "Edit Watch 10 streams" }));
    const item = within(screen.getByRole("listitem", { name: "Watch 10 streams" }));
    expect(item.getByLabelText("Name")).toHaveProperty("value", "Watch 10 streams");
    fireEvent.change(item.getByLabelText("Bonus Amount (USD)"), { target: { value: "30" } });
    fireEvent.click(item.getByRole("checkbox", { name: "Active" }));
    fireEvent.click(item.getByRole("button", { name: "Save Challenge" }));
    await waitFor(() => expect(item.queryByRole("button", { name: "Save Challenge" })).toBeNull());
    expect(bodiesOf(fetchMock, `PATCH /api/admin/challenges/${watch.id}`)).toEqual([
      { bonus_amount: 30, is_active: false },
    ]);
  });

  it("shows every bonus amount with its cents, never rounded to whole dollars", async () => {
    stubChallenges({
      challenges: [makeChallenge({ name: "Half", bonus_amount: 12.5 })],
      awards: [makeBonus({ user_email: "half@example.com", total_bonus_amount: 12.5 })],
      summary: { totalBonusesPaid: 162.5, usersCompleted: 2, usersEnrolled: 8, successRate: 25 },
    });
    renderWithQueries(<ChallengesTab />);
    const item = within(await screen.findByRole("listitem", { name: "Half" }));
    expect(item.getByText(/^Streams Completed/).textContent).toBe("Streams Completed: 10 · Bonus $12.50 · 24 hours");
    expect(definitionOf("Total Bonuses Paid")).toBe("$162.50");
    expect(
      within(screen.getByRole("table", { name: "Bonus Awards History" })).getByRole("cell", { name: "$12.50" }),
    ).toBeVisible();
  });

  it("lists bonus awards: amounts with cents, awarded green and any other status yellow", async () => {
    stubChallenges({
      awards: [
        makeBonus({
          user_email: "new@example.com",
          total_bonus_amount: 75,
          challenge_ids: "a,b,c",
          status: "awarded",
          awarded_at: "2026-11-19T08:00:00.000Z",
        }),
        makeBonus({
          user_email: "soon@example.com",
          total_bonus_amount: 50,
          challenge_ids: "a,b,c",
          status: "pending",
          awarded_at: null,
        }),
        // docs/product-spec.md §4: any status other than awarded shows yellow, even one the API does not send today.
        makeBonus({
          user_email: "odd@example.com",
          status: "processing" as BonusAwardJson["status"],
          awarded_at: null,
        }),
      ],
    });
    renderWithQueries(<ChallengesTab />);
    const table = within(await screen.findByRole("table", { name: "Bonus Awards History" }));
    expect(table.getAllByRole("columnheader").map((th) => th.textContent)).toEqual([
      "User",
      "Amount",
      "Status",
      "Awarded",
    ]);
    const [awarded, pending, odd] = table.getAllByRole("row").slice(1);
    expect([...awarded.children].map((c) => c.textContent)).toEqual([
      "new@example.com",
      "$75.00",
      "Awarded",
      "Nov 19, 2026",
    ]);
    expect([...pending.children].map((c) => c.textContent)).toEqual(["soon@example.com", "$50.00", "Pending", "—"]);
    expect(within(awarded).getByText("Awarded").dataset.tone).toBe("green");
    expect(within(pending).getByText("Pending").dataset.tone).toBe("yellow");
    expect(within(odd).getByText("Processing").dataset.tone).toBe("yellow");
  });

  it("says when there are no challenges and no awards", async () => {
    stubChallenges({ challenges: [], awards: [] });
    renderWithQueries(<ChallengesTab />);
    expect(await screen.findByText("No challenges yet")).toBeVisible();
    expect(screen.getByText("No bonuses awarded yet")).toBeVisible();
  });
});
