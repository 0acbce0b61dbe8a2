import { expect } from "vitest";

// A DOM matcher (jest-dom is not a dependency): `expect(screen.getByRole(…)).toBeVisible()` says what a
// test means, and fails where `toBeTruthy()` on a found element never could.

declare module "vitest" {
  // Merged into vitest's own interface, whose type parameters these must repeat (T unused here).
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface Matchers<R extends void | Promise<void> = void | Promise<void>, T = unknown> {
    /** The element is in the document and neither it nor an ancestor is hidden (attribute, style or a closed dialog). */
    toBeVisible(): R;
  }
}

const describe = (element: Element) => `<${element.tagName.toLowerCase()}>`;

/** Why `element` cannot be seen, or null when it can. */
function whyHidden(element: Element): string | null {
  if (!element.isConnected) return "it is not in the document";
  for (let node: Element | null = element; node; node = node.parentElement) {
    const which = node === element ? "it" : `its ancestor ${describe(node)}`;
    if (node.hasAttribute("hidden")) return `${which} has the hidden attribute`;
    if (node instanceof HTMLDialogElement && !node.open) return `${which} is a closed dialog`;
    const { display, visibility } = getComputedStyle(node);
    if (display === "none") return `${which} has display: none`;
    if (visibility === "hidden" || visibility === "collapse") return `${which} has visibility: ${visibility}`;
  }
  return null;
}

expect.extend({
  toBeVisible(received: unknown) {
    if (!(received instanceof Element)) {
      return {
        pass: false,
        message: () => `expected an element to be visible, received ${this.utils.printReceived(received)}`,
      };
    }
    const reason = whyHidden(received);
    return {
      pass: reason === null,
      message: () =>
        reason === null
          ? `expected ${describe(received)} not to be visible`
          : `expected ${describe(received)} to be visible, but ${reason}`,
    };
  },
});
