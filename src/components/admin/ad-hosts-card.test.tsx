import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { bodiesOf, stubFetch } from "../../test/fetch";
import { AdHostsCard } from "./ad-hosts-card";

const settings = { preroll_enabled: "true", postroll_enabled: "false", vast_url: "https://ads.example.com/vast.xml" };

describe("Ad Hosts (the hosts the pages' CSP allows for ads, docs/decisions/017)", () => {
  it("shows the stored hosts one per line and saves the list, tidied by the server, when the field is left", async () => {
    const fetchMock = stubFetch({
      "PATCH /api/admin/ad-settings": {
        body: { ...settings, ad_hosts: "https://cdn.example.net https://*.pixels.example.org" },
      },
    });
    render(<AdHostsCard initial="https://cdn.example.net" />);
    const field = screen.getByLabelText("Other hosts your ads come from");
    expect(field).toHaveProperty("value", "https://cdn.example.net");
    fireEvent.blur(field);
    expect(bodiesOf(fetchMock, "PATCH /api/admin/ad-settings")).toEqual([]);
    fireEvent.change(field, { target: { value: "https://CDN.example.net/\nhttps://*.pixels.example.org" } });
    fireEvent.blur(field);
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Saved"));
    expect(bodiesOf(fetchMock, "PATCH /api/admin/ad-settings")).toEqual([
      { key: "ad_hosts", value: "https://CDN.example.net/\nhttps://*.pixels.example.org" },
    ]);
    expect(field).toHaveProperty("value", "https://cdn.example.net\nhttps://*.pixels.example.org");
  });

  it("shows a refused host by the field", async () => {
    stubFetch({
      "PATCH /api/admin/ad-settings": {
        status: 400,
        body: {
          error:
            'value: "http://cdn.example.net" is not an https origin such as https://cdn.example.com or https://*.example.com',
          requestId: "r",
        },
      },
    });
    render(<AdHostsCard initial="" />);
    const field = screen.getByLabelText("Other hosts your ads come from");
    fireEvent.change(field, { target: { value: "http://cdn.example.net" } });
    fireEvent.blur(field);
    expect(
      await screen.findByText(
        '"http://cdn.example.net" is not an https origin such as https://cdn.example.com or https://*.example.com',
      ),
    ).toBeVisible();
    expect(field.getAttribute("aria-invalid")).toBe("true");
  });
});
