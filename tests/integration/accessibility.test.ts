import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { AxeResults } from "axe-core";
import { JSDOM, VirtualConsole } from "jsdom";
import { describe, expect, it } from "vitest";
import { AXE_TAGS, RENDERED_RULES } from "../shared/accessibility-rules";
import { appPerFile, ORIGIN } from "./helpers/app";
import { SCREENS, screenFixtures, screensMissingFrom } from "./helpers/screens";
import { loadServerBuild } from "./helpers/server-build";

/**
 * axe on every screen of the build, as the HTML the Worker renders for its user (decision 139): no
 * serious or critical violation of WCAG 2.1 A/AA among the rules that read the document (names,
 * roles, labels, landmarks, ids, lists, tables, language, ARIA). The rules that need a rendered page
 * (colour contrast in both themes, links told apart by colour, reachable scroll areas) run in
 * Chromium: tests/e2e/accessibility.spec.ts.
 */
const app = appPerFile();
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

async function seriousViolations(html: string, path: string): Promise<string[]> {
  // jsdom has no canvas: axe's icon-font probe asks for one and copes without; the notice is noise.
  const virtualConsole = new VirtualConsole();
  virtualConsole.on("jsdomError", (error) => {
    if (!error.message.startsWith("Not implemented: HTMLCanvasElement")) throw error;
  });
  const dom = new JSDOM(html, { url: `${ORIGIN}${path}`, runScripts: "outside-only", pretendToBeVisual: true, virtualConsole });
  try {
    dom.window.eval(AXE_SOURCE);
    const axe = (dom.window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe;
    const results = await axe.run(dom.window.document, {
      runOnly: { type: "tag", values: AXE_TAGS },
      rules: Object.fromEntries(RENDERED_RULES.map((id) => [id, { enabled: false }])),
    });
    return results.violations
      .filter((v) => v.impact === "serious" || v.impact === "critical")
      .map((v) => `${v.id} (${v.impact}) on ${path}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
  } finally {
    dom.window.close();
  }
}

describe("axe on every screen's HTML", () => {
  it("finds no serious or critical violation on any screen, as the user it is for", async () => {
    const { clients, pathOf } = await screenFixtures(app);
    const found: string[] = [];
    const checked: string[] = [];
    for (const [template, role, status] of SCREENS) {
      if (status >= 300 && status < 400) continue; // a redirect has no page of its own
      const path = pathOf(template);
      const response = await clients[role].get(path);
      expect(response.status, `${template} as ${role}`).toBe(status);
      found.push(...(await seriousViolations(await response.text(), path)));
      checked.push(template);
    }
    expect(found, found.join("\n")).toEqual([]);
    expect(checked.length).toBeGreaterThan(35);
  }, 120_000);

  it("covers every screen of the build", async () => {
    expect(screensMissingFrom(await loadServerBuild())).toEqual([]);
  });

  it("would see a violation: an unlabeled field and an image without a name fail", async () => {
    const broken = `<!doctype html><html lang="en"><head><title>t</title></head><body><main><h1>x</h1>
      <input type="text" name="q"><img src="/x.png"></main></body></html>`;
    const found = await seriousViolations(broken, "/broken");
    expect(found.map((v) => v.split(" ")[0])).toEqual(expect.arrayContaining(["image-alt", "label"]));
  });
});
