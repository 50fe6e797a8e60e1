import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, test } from "vitest";
import { buildSprite, readIconNames, SPRITE_FILE } from "../../../scripts/build-icons.mjs";
import { Icon } from "../icon";
import { ICON_NAMES } from "./icon-names";

const APP_DIR = fileURLToPath(new URL("../..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe("the icon sprite", () => {
  const committed = readFileSync(SPRITE_FILE, "utf8");

  test("is what `npm run icons` makes of icon-names.ts (a name added without running it fails here)", () => {
    expect(readIconNames()).toEqual([...ICON_NAMES]);
    expect(buildSprite([...ICON_NAMES])).toBe(committed);
  });

  test("holds one drawn symbol for every icon name, and nothing else", () => {
    const symbols = [...committed.matchAll(/<symbol id="([^"]+)" viewBox="0 0 24 24">(.*?)<\/symbol>/g)];
    expect(symbols.map((m) => m[1])).toEqual([...ICON_NAMES]);
    for (const [, name, drawing] of symbols)
      expect(drawing, name).toMatch(/^<(path|circle|rect|line|polyline|polygon|ellipse)\b/);
  });

  test("is the app's only source of lucide icons: nothing under app/ imports lucide-react", () => {
    const importers = sourceFiles(APP_DIR).filter((file) =>
      /(from\s*|import\s*\(\s*|require\s*\(\s*)["']lucide-react["']/.test(readFileSync(file, "utf8")),
    );
    expect(importers).toEqual([]);
  });
});

describe("<Icon>", () => {
  test("renders one <use> of the sprite with the class, hidden from assistive technology", () => {
    const html = renderToStaticMarkup(createElement(Icon, { name: "bell", className: "h-4 w-4" }));
    expect(html).toMatch(/^<svg class="icon h-4 w-4" aria-hidden="true"><use href="[^"]*sprite[^"]*\.svg#bell"><\/use><\/svg>$/);
  });

  test("with a label, is an image of that name", () => {
    const html = renderToStaticMarkup(createElement(Icon, { name: "user", label: "Individual referrer" }));
    expect(html).toContain('<svg class="icon" role="img" aria-label="Individual referrer">');
  });
});
