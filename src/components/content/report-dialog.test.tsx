import { fireEvent, screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import type { ContentReportJson } from "../../../common/schemas/moderation";
import { useAuth } from "../../stores/auth";
import { expectConsoleError } from "../../test/console";
import { makeContent } from "../../test/content-fixtures";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { admin, ava, suspendedAva } from "../../test/fixtures";
import { renderWithQueries } from "../../test/query-client";
import { renderApp } from "../../test/render-route";
import { ReportButton } from "./report-button";

// Ben's item, seen by Ava.
const item = makeContent({ title: "Loud Ad", created_by: "01J000000000000000000000BE", creator_name: "ben" });
const reportPath = `POST /api/content/${item.id}/report`;
const report = (overrides: Partial<ContentReportJson> = {}): ContentReportJson => ({
  id: "r1",
  content_id: item.id,
  reason: "abuse",
  note: "",
  created_at: "2026-11-25T10:00:00.000Z",
  updated_at: "2026-11-25T10:00:00.000Z",
  ...overrides,
});

beforeEach(() => {
  useAuth.setState({ user: ava, pending: false });
});

function openDialog() {
  renderWithQueries(<ReportButton content={item} />);
  const button = screen.getByRole("button", { name: "Report" });
  // As a click in a browser does, so the dialog knows where focus goes back to.
  button.focus();
  fireEvent.click(button);
  return within(screen.getByRole("dialog", { name: "Report content" }));
}

describe("report button", () => {
  it("shows under someone else's item on the content page", async () => {
    stubFetch({
      "GET /api/ad-settings": { body: { preroll_enabled: "false", postroll_enabled: "false", vast_url: "" } },
      [`GET /api/content/${item.id}`]: { body: item },
      [`GET /api/content/${item.id}/suggestions`]: { body: { suggestions: [] } },
      [`GET /api/content/${item.id}/like-status`]: { body: { liked: false, like_count: 0 } },
    });
    renderApp(`/content/${item.id}`);
    expect(await screen.findByRole("button", { name: "Report" })).toBeVisible();
    await screen.findByRole("button", { name: "Like" });
  });

  it("is not offered on one's own item, signed out, or to a suspended member", () => {
    stubFetch({});
    const own = makeContent({ created_by: ava.id });
    const { rerender } = renderWithQueries(<ReportButton content={own} />);
    expect(screen.queryByRole("button", { name: "Report" })).toBeNull();

    rerender(<ReportButton content={item} />);
    expect(screen.getByRole("button", { name: "Report" })).toBeVisible();

    useAuth.setState({ user: suspendedAva });
    rerender(<ReportButton content={item} />);
    expect(screen.queryByRole("button", { name: "Report" })).toBeNull();

    useAuth.setState({ user: null });
    rerender(<ReportButton content={item} />);
    expect(screen.queryByRole("button", { name: "Report" })).toBeNull();

    // Admins may report too.
    useAuth.setState({ user: admin });
    rerender(<ReportButton content={item} />);
    expect(screen.getByRole("button", { name: "Report" })).toBeVisible();
  });
});

describe("report dialog", () => {
  it("sends the reason and the trimmed note, says it was sent, and gives focus back when done", async () => {
    const fetchMock = stubFetch({ [reportPath]: { status: 201, body: report({ note: "Shouting slurs" }) } });
    const dialog = openDialog();
    // Focus starts on the first reason.
    expect(document.activeElement).toBe(dialog.getByRole("radio", { name: "Spam" }));
    const reasons = dialog.getAllByRole("radio").map((radio) => radio.closest("label")?.textContent);
    expect(reasons).toEqual(["Spam", "Copyright", "Abuse", "Sexual content", "Other"]);
    expect(dialog.getByRole("group", { name: "Reason" })).toBeVisible();

    fireEvent.click(dialog.getByRole("radio", { name: "Abuse" }));
    const note = dialog.getByLabelText("Note (optional)");
    expect(note.getAttribute("maxlength")).toBe("500");
    fireEvent.change(note, { target: { value: "  Shouting slurs " } });
    expect(dialog.getByText("17/500 characters")).toBeVisible();
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));

    expect(await dialog.findByText("Your report was sent.")).toBeVisible();
    expect(dialog.getByText(/Reporting this item again updates your report/)).toBeVisible();
    expect(bodiesOf(fetchMock, reportPath)).toEqual([{ reason: "abuse", note: "Shouting slurs" }]);
    const done = dialog.getByRole("button", { name: "Done" });
    expect(document.activeElement).toBe(done);
    fireEvent.click(done);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Report" }));
  });

  it("says so when a second report updated the first", async () => {
    stubFetch({
      [reportPath]: { status: 200, body: report({ reason: "spam", updated_at: "2026-11-25T11:00:00.000Z" }) },
    });
    const dialog = openDialog();
    fireEvent.click(dialog.getByRole("radio", { name: "Spam" }));
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));
    expect(await dialog.findByText("Your report was updated.")).toBeVisible();
  });

  it("asks for a reason before sending anything; Cancel sends nothing", () => {
    const fetchMock = stubFetch({ [reportPath]: { status: 201, body: report() } });
    const dialog = openDialog();
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));
    expect(dialog.getByRole("alert").textContent).toBe("Choose a reason for the report.");
    expect(dialog.getByRole("group", { name: "Reason" }).getAttribute("aria-describedby")).toBe(
      dialog.getByRole("alert").id,
    );
    fireEvent.click(dialog.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it.each([
    [
      429,
      { error: "Too many requests", code: "rate_limited", requestId: "r" },
      "You have sent too many reports. Please try again later.",
    ],
    [403, { error: "Your account is suspended", code: "suspended", requestId: "r" }, "Your account is suspended"],
    [
      403,
      { error: "You cannot report your own content", code: "own_content", requestId: "r" },
      "You cannot report your own content",
    ],
    [404, { error: "Not found", requestId: "r" }, "This item is no longer available."],
    [
      400,
      { error: "note: note must be at most 500 characters", requestId: "r" },
      "Note must be at most 500 characters",
    ],
  ])("shows a %i refusal in words and keeps the form", async (status, body, message) => {
    stubFetch({ [reportPath]: { status, body } });
    const dialog = openDialog();
    fireEvent.click(dialog.getByRole("radio", { name: "Copyright" }));
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));
    expect((await dialog.findByRole("alert")).textContent).toBe(message);
    // The choice stays for another try.
    expect(dialog.getByRole("radio", { name: "Copyright" })).toHaveProperty("checked", true);
    expect(dialog.getByRole("button", { name: "Submit" })).toHaveProperty("disabled", false);
  });

  it("logs a server failure and says the report was not sent", async () => {
    const consoleError = expectConsoleError();
    stubFetch({ [reportPath]: { status: 500 } });
    const dialog = openDialog();
    fireEvent.click(dialog.getByRole("radio", { name: "Other" }));
    fireEvent.click(dialog.getByRole("button", { name: "Submit" }));
    expect((await dialog.findByRole("alert")).textContent).toBe("Your report could not be sent. Please try again.");
    expect(String(consoleError.mock.calls[0][0])).toContain(
      "Failed to send report: API responded with HTTP status 500",
    );
  });
});
