import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { bodiesOf, refuse, stubFetch } from "../../test/fetch";
import { PrerollWindowCard } from "./preroll-window-card";

const settings = { preroll_enabled: "true", postroll_enabled: "false", vast_url: "/ads/sample-vast.xml", ad_hosts: "" };

describe("Pre-roll on Resume (ad setting preroll_skip_minutes, docs/decisions/045)", () => {
  it("shows the stored minutes and saves a change when the field is left, once", async () => {
    const fetchMock = stubFetch({
      "PATCH /api/admin/ad-settings": { body: { ...settings, preroll_skip_minutes: "45" } },
    });
    render(<PrerollWindowCard initial="30" />);
    const field = screen.getByLabelText("No pre-roll again within (minutes)");
    expect(field).toHaveProperty("value", "30");
    fireEvent.blur(field);
    expect(bodiesOf(fetchMock, "PATCH /api/admin/ad-settings")).toEqual([]);
    fireEvent.change(field, { target: { value: " 045 " } });
    fireEvent.blur(field);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Saved"));
    expect(bodiesOf(fetchMock, "PATCH /api/admin/ad-settings")).toEqual([
      { key: "preroll_skip_minutes", value: "045" },
    ]);
    expect(field).toHaveProperty("value", "45");
  });

  it("shows a refused value by the field", async () => {
    stubFetch({ "PATCH /api/admin/ad-settings": refuse("value: must be a whole number of minutes") });
    render(<PrerollWindowCard initial="30" />);
    const field = screen.getByLabelText("No pre-roll again within (minutes)");
    fireEvent.change(field, { target: { value: "soon" } });
    fireEvent.submit(field.closest("form")!);
    expect(await screen.findByText("Enter whole minutes from 0 to 1440.")).toBeVisible();
    expect(field.getAttribute("aria-invalid")).toBe("true");
  });
});
