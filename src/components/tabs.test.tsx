import { act, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SideScroll } from "./scroll-edges";
import { Tabs } from "./tabs";

// jsdom has no layout: these tests give the elements a phone's sizes (a 250 px row of 100 px tabs) and check
// what the components do with them; e2e/mobile-layout.spec.ts checks the real layout.

const ROW = 250;
const TAB = 100;
let contentWidth = 0;
const scrollLefts = new WeakMap<Element, number>();

// Own properties on HTMLElement.prototype shadow the DOM library's own (wherever it defines them).
const layout: Record<string, PropertyDescriptor> = {
  scrollLeft: {
    get(this: Element) {
      return scrollLefts.get(this) ?? 0;
    },
    set(this: Element, value: number) {
      scrollLefts.set(this, value);
    },
  },
  clientWidth: { get: () => ROW },
  scrollWidth: { get: () => contentWidth },
  offsetWidth: { get: () => TAB },
  offsetLeft: {
    get(this: HTMLElement) {
      return Math.max(0, [...(this.parentElement?.children ?? [])].indexOf(this)) * TAB;
    },
  },
};

beforeEach(() => {
  for (const [name, descriptor] of Object.entries(layout)) {
    Object.defineProperty(HTMLElement.prototype, name, { ...descriptor, configurable: true });
  }
});

afterEach(() => {
  for (const name of Object.keys(layout)) delete (HTMLElement.prototype as unknown as Record<string, unknown>)[name];
});

const names = ["Analytics", "Traffic", "Earnings Log", "All Users", "Ad Settings", "Payments", "Reviews", "Audit"];
const tabs = names.map((label) => ({
  id: label.toLowerCase().replaceAll(" ", "-"),
  label,
  panel: <p>{label} panel</p>,
}));

describe("Tabs on a narrow screen", () => {
  it("scrolls the selected tab into the row's view as the keyboard moves, and fades the sides with more tabs", () => {
    contentWidth = names.length * TAB;
    render(<Tabs label="Admin sections" tabs={tabs} />);
    const list = screen.getByRole("tablist", { name: "Admin sections" });
    const row = list.parentElement!;
    expect(list.scrollLeft).toBe(0);
    expect(row.querySelector('[data-edge="end"]')).not.toBeNull();
    expect(row.querySelector('[data-edge="start"]')).toBeNull();

    screen.getByRole("tab", { name: "Analytics" }).focus();
    fireEvent.keyDown(list, { key: "End" });
    expect(screen.getByRole("tab", { name: "Audit" }).getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(screen.getByRole("tab", { name: "Audit" }));
    // Its right edge (800 px) plus the fade's 40 px, less the row's 250 px.
    expect(list.scrollLeft).toBe(590);
    fireEvent.scroll(list);
    expect(row.querySelector('[data-edge="start"]')).not.toBeNull();
    expect(row.querySelector('[data-edge="end"]')).toBeNull();
    expect(screen.getByRole("tabpanel").textContent).toBe("Audit panel");

    fireEvent.keyDown(list, { key: "Home" });
    expect(list.scrollLeft).toBe(0);
    fireEvent.keyDown(list, { key: "ArrowLeft" });
    expect(screen.getByRole("tab", { name: "Audit" }).getAttribute("aria-selected")).toBe("true");
    expect(list.scrollLeft).toBe(590);
  });

  it("opens with a chosen default tab scrolled into view, and shows no fades when every tab fits", () => {
    contentWidth = names.length * TAB;
    const { unmount } = render(<Tabs label="Admin sections" tabs={tabs} defaultTabId="reviews" />);
    expect(screen.getByRole("tablist").scrollLeft).toBe(6 * TAB + TAB + 40 - ROW);
    unmount();

    contentWidth = ROW;
    render(<Tabs label="Wallet sections" tabs={tabs.slice(0, 2)} />);
    expect(screen.getByRole("tablist").parentElement!.querySelector("[data-edge]")).toBeNull();
  });
});

describe("SideScroll", () => {
  it("is a named, focusable region with a fade while its table is wider than the box", async () => {
    contentWidth = 700;
    render(
      <SideScroll label="Your payments">
        <table>
          <tbody>
            <tr>
              <td>wide</td>
            </tr>
          </tbody>
        </table>
      </SideScroll>,
    );
    const region = screen.getByRole("region", { name: "Your payments (scrolls sideways)" });
    expect(region.getAttribute("tabindex")).toBe("0");
    expect(region.parentElement!.querySelector('[data-edge="end"]')).not.toBeNull();

    // Scrolled to its end: the fade moves to the start.
    region.scrollLeft = 700 - ROW;
    await act(async () => fireEvent.scroll(region));
    expect(region.parentElement!.querySelector('[data-edge="end"]')).toBeNull();
    expect(region.parentElement!.querySelector('[data-edge="start"]')).not.toBeNull();
  });

  it("is no tab stop and shows no fade when the table fits", () => {
    contentWidth = ROW;
    render(
      <SideScroll label="Your payments">
        <table>
          <tbody>
            <tr>
              <td>narrow</td>
            </tr>
          </tbody>
        </table>
      </SideScroll>,
    );
    expect(screen.queryByRole("region")).toBeNull();
    expect(document.querySelector("[tabindex]")).toBeNull();
    expect(document.querySelector("[data-edge]")).toBeNull();
  });
});
