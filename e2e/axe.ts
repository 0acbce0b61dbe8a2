import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** axe-core over the whole page: no serious or critical violations of WCAG 2.1 A and AA (docs/decisions/039). */
export async function expectAccessible(page: Page, screen: string) {
  const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"]).analyze();
  const severe = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = severe.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(" "))
        .slice(0, 3)
        .join(", ")}`,
  );
  expect(report, `${screen} accessibility`).toEqual([]);
}
