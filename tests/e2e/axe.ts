import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { RENDERED_RULES } from "../shared/accessibility-rules";
import { expect, switchTheme } from "./fixtures";

/**
 * axe's rendered rules (contrast, links, keyboard-reachable scroll areas) find nothing serious or
 * critical on the page (or in `part`), in the light theme and then the dark one; the page is left light.
 */
export async function expectAxeCleanInBothThemes(page: Page, part?: string) {
  const serious: string[] = [];
  for (const dark of [false, true]) {
    await switchTheme(page, dark);
    const axe = new AxeBuilder({ page }).withRules(RENDERED_RULES);
    const results = await (part ? axe.include(part) : axe).analyze();
    for (const v of results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"))
      serious.push(`${dark ? "dark" : "light"}: ${v.id} on ${page.url()}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  }
  await switchTheme(page, false);
  expect(serious, serious.join("\n")).toEqual([]);
}
