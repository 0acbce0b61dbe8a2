import { screen, within } from "@testing-library/react";

// Lookups several screens' tests share.

/** Queries inside the one dialog open on screen. */
export const dialog = () => within(screen.getByRole("dialog"));

/** The figure beside a `<dt>` term, as the stat cards show it. */
export const definitionOf = (term: string) =>
  screen.getByText(term, { selector: "dt" }).nextElementSibling?.textContent;
