import { screen, within } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { useAuth } from "../stores/auth";
import { stubFetch } from "../test/fetch";
import { suspendedAva } from "../test/fixtures";
import { renderApp } from "../test/render-route";

// docs/decisions/027: the server refuses a suspended member's uploads, so the upload screens say so instead of a form.

beforeEach(() => {
  useAuth.setState({ user: suspendedAva, pending: false });
  stubFetch({ "GET /api/me/appeals": { body: { actions: [] } } });
});

describe("upload screens for a suspended member", () => {
  it.each([
    ["/upload", "Upload Content", "Upload content"],
    ["/upload/bulk", "Bulk Upload", "Files to upload"],
  ])("%s explains the suspension and offers no upload", async (path, heading, form) => {
    renderApp(path);
    expect(await screen.findByRole("heading", { name: heading, level: 1 })).toBeVisible();
    const notice = within(screen.getByRole("region", { name: "Account suspended" }));
    expect(notice.getByRole("heading", { name: "Your account is suspended" })).toBeVisible();
    expect(screen.queryByRole("form", { name: form })).toBeNull();
    expect(screen.queryByRole("region", { name: form })).toBeNull();
    expect(screen.queryByLabelText(/Media file|Choose video and audio files/)).toBeNull();
  });
});
