// `npm run icons`: writes app/components/icons/sprite.svg, one <symbol> per name in icon-names.ts, drawn by
// lucide-react itself. Pages then reference a symbol (<use href="sprite.svg#name">) instead of rendering
// lucide's inline <svg> on every request: far fewer elements and attributes for React to render on the server.
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath, pathToFileURL } from "node:url";

const require = createRequire(import.meta.url);
const { createElement } = require("react");
const { renderToStaticMarkup } = require("react-dom/server");
const lucide = require("lucide-react");

const NAMES_FILE = fileURLToPath(new URL("../app/components/icons/icon-names.ts", import.meta.url));
export const SPRITE_FILE = fileURLToPath(new URL("../app/components/icons/sprite.svg", import.meta.url));

// What the .icon rule in app/tailwind.css applies instead of attributes; a lucide release that drew
// differently would need that rule changed, so it stops the build.
const EXPECTED_SVG_ATTRIBUTES =
  'viewBox="0 0 24 24" fill="none" stroke="currentColor" stroke-width="2" stroke-linecap="round" stroke-linejoin="round"';

/** The names in icon-names.ts (a TypeScript file, which Node 20 cannot import). */
export function readIconNames() {
  const source = readFileSync(NAMES_FILE, "utf8");
  const list = source.match(/ICON_NAMES = \[([\s\S]*?)\] as const/)?.[1];
  if (!list) throw new Error(`No ICON_NAMES array in ${NAMES_FILE}`);
  return [...list.matchAll(/"([^"]+)"/g)].map((m) => m[1]);
}

const pascalCase = (name) => name.replace(/(^|-)([a-z0-9])/g, (_, _dash, c) => c.toUpperCase());

/** lucide's drawing of one icon: the children of the <svg> its React component renders. */
function drawing(name) {
  const component = lucide[pascalCase(name)];
  if (!component) throw new Error(`lucide-react has no icon "${name}" (component ${pascalCase(name)})`);
  const markup = renderToStaticMarkup(createElement(component));
  const [, attributes, children] = markup.match(/^<svg ([^>]*)>([\s\S]*)<\/svg>$/) ?? [];
  if (!attributes?.includes(EXPECTED_SVG_ATTRIBUTES)) throw new Error(`Unexpected <svg> attributes for "${name}": ${markup}`);
  if (!children) throw new Error(`Icon "${name}" draws nothing`);
  // <path d="..."></path> -> <path d="..."/>: the same drawing, shorter.
  return children.replace(/<([a-z]+)([^<>]*)><\/\1>/g, "<$1$2/>");
}

/** The sprite's text: deterministic, one symbol per line, in the order of `names`. */
export function buildSprite(names = readIconNames()) {
  const duplicate = names.find((name, i) => names.indexOf(name) !== i);
  if (duplicate) throw new Error(`Icon "${duplicate}" is listed twice`);
  const symbols = names.map((name) => `<symbol id="${name}" viewBox="0 0 24 24">${drawing(name)}</symbol>`);
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const sprite = buildSprite();
  writeFileSync(SPRITE_FILE, sprite);
  console.log(`Wrote ${SPRITE_FILE}: ${readIconNames().length} icons, ${Buffer.byteLength(sprite)} bytes`);
}
