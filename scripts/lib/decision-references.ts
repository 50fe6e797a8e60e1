import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";

/** One file of docs/decisions, as its first lines state it. */
export type Decision = {
  number: string;
  /** The file name without `.md`, e.g. `088-route-matching-ranked-once`. */
  file: string;
  heading: string;
  date: string | undefined;
  /** The status paragraph, its lines joined. */
  status: string | undefined;
  /** The decision that replaces this one whole: its status starts "superseded by". */
  supersededBy: string | undefined;
  /** Every decision the status says replaces this one, whole or in part ("superseded by [138]"). */
  supersededByAny: string[];
  /** Every decision the status says this one replaces, whole or in part ("supersedes the … of [024]"). */
  supersedes: string[];
};

/** A mention of one or more decisions by number, where it stands. */
export type Citation = {
  file: string;
  line: number;
  column: number;
  /** Every number named; a range ("decisions 063–071") names its two ends. */
  numbers: string[];
  /** A link's file name without `.md` (`088-route-matching-ranked-once`), when the mention is a link. */
  linkedFile?: string;
  text: string;
};

export const DECISIONS_DIR = "docs/decisions";

/** A status with its links' targets dropped: "amends [024](./024-webhooks.md)" reads "amends [024]". */
export function statusWithoutTargets(status: string): string {
  return status.replace(/\]\([^)]*\)/g, "]");
}

export function readDecisions(root: string): Decision[] {
  return readdirSync(join(root, DECISIONS_DIR))
    .filter((name) => /^\d{3}-.*\.md$/.test(name))
    .sort()
    .map((name) => {
      const lines = readFileSync(join(root, DECISIONS_DIR, name), "utf8").split("\n");
      const at = lines.findIndex((l) => l.startsWith("Status: "));
      const end = lines.findIndex((l, i) => i > at && l.trim() === "");
      const status =
        at < 0
          ? undefined
          : lines
              .slice(at, end < 0 ? undefined : end)
              .join(" ")
              .slice("Status: ".length);
      const bare = statusWithoutTargets(status ?? "");
      return {
        number: name.slice(0, 3),
        file: name.replace(/\.md$/, ""),
        heading: lines.find((l) => l.startsWith("# ")) ?? "",
        date: lines.find((l) => l.startsWith("Date: "))?.slice("Date: ".length),
        status,
        supersededBy: bare.match(/^superseded by \[(\d{3})\]/)?.[1],
        supersededByAny: [...bare.matchAll(/superseded by \[(\d{3})\]/g)].map((m) => m[1] ?? ""),
        // A "supersedes" clause runs to the next parenthesis or semicolon, and may name several.
        supersedes: [...bare.matchAll(/supersedes\b([^;()]*)/g)].flatMap((m) =>
          [...(m[1] ?? "").matchAll(/\[(\d{3})\]/g)].map((n) => n[1] ?? ""),
        ),
      };
    });
}

// What may stand between "decision" and its number, or between two numbers: spaces, or one line break
// followed by the comment marker that continues a comment (`//`, ` *`, `#`, `--`) or a Markdown quote.
const GAP = String.raw`[ \t]*(?:\r?\n[ \t]*(?:\/\/+|\*+|#+|--|>)?[ \t]*)?`;
// A three-digit number that is not the start of a larger figure ("100,000", "1.5").
const NUMBER = String.raw`\d{3}(?![\d]|[,.]\d)`;
const SEPARATOR = String.raw`(?:[ \t]*(?:,|\/|–|-)(?:[ \t]*(?:and|or)\b)?|[ \t]+(?:and|or)\b)`;
const LIST = `(?:${NUMBER})(?:${SEPARATOR}${GAP}(?:${NUMBER}))*`;

// "decision 088", "Decisions 056 and 058", "(decision 088)", "decisions 063–071"; right after the word a
// number of any length, so one written short is caught as the mistake it is.
const PROSE = new RegExp(String.raw`\b[Dd]ecisions?${GAP}(\d{1,4}(?![\d]|[,.]\d)(?:${SEPARATOR}${GAP}(?:${NUMBER}))*)`, "g");
// A link to a decision file: docs/decisions/088-route-matching-ranked-once.md, ./088-….md, ../decisions/….
const LINK = /(?:decisions\/|\.\/)(\d{3})-([A-Za-z0-9-]+)\.md/g;
// Inside the decision files, the words that relate one decision to another name it by its bare number:
// "amends 095", "superseded by 138", "Since 086", and "073's index".
const RELATION = new RegExp(
  String.raw`\b(?:[Aa]mends|[Aa]mended by|[Ee]xtends|[Ee]xtended by|[Ss]upersedes|[Ss]uperseded by|[Rr]e-measures|[Rr]e-measured in|[Bb]uilds on|[Rr]eplaces|[Rr]eplaced by|[Ss]ince|[Ss]ee)${GAP}(${LIST})`,
  "g",
);
// HTTP statuses ("the 409's message") are not decisions.
const POSSESSIVE = /\b(?!(?:200|201|204|301|302|303|304|400|401|403|404|405|409|410|413|415|422|429|500|502|503)'s)(\d{3})'s\b/g;

function numbersOf(list: string): string[] {
  return list.match(/\d+/g) ?? [];
}

/** Every mention of a decision by number in one file's text. */
export function findCitations(file: string, text: string): Citation[] {
  const inDecision = file.startsWith(`${DECISIONS_DIR}/`);
  const lineStarts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === "\n") lineStarts.push(i + 1);
  const lineOf = (index: number) => {
    let low = 0;
    let high = lineStarts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((lineStarts[mid] ?? 0) <= index) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  };
  const found: Citation[] = [];
  const add = (index: number, match: string, numbers: string[], linkedFile?: string) => {
    const line = lineOf(index);
    const column = index - (lineStarts[line - 1] ?? 0) + 1;
    found.push({ file, line, column, numbers, linkedFile, text: match.replace(/\s+/g, " ") });
  };

  for (const m of text.matchAll(PROSE)) add(m.index + m[0].length - (m[1] ?? "").length, m[0], numbersOf(m[1] ?? ""));
  for (const m of text.matchAll(LINK)) add(m.index, m[0], [m[1] ?? ""], `${m[1]}-${m[2]}`);
  if (inDecision) {
    for (const m of text.matchAll(RELATION)) add(m.index, m[0], numbersOf(m[1] ?? ""));
    for (const m of text.matchAll(POSSESSIVE)) add(m.index, m[0], [m[1] ?? ""]);
  }
  return found.sort((a, b) => a.line - b.line || a.column - b.column);
}

const SKIPPED_DIRECTORIES = new Set(["node_modules", "build", ".cache", ".wrangler", "test-results", "playwright-report"]);
const SKIPPED_FILES = new Set(["package-lock.json", "worker-configuration.d.ts", "bench/results.json"]);
const TEXT = /\.(ts|tsx|js|mjs|cjs|md|sql|toml|json|jsonc|patch|ya?ml|css|html|sh)$/;

/** The repository's own text files: source, tests, scripts, migrations, patches, README and docs. */
export function projectFiles(root: string, dir = root, found: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    const name = relative(root, path);
    if (entry.isDirectory()) {
      // Dot directories are tooling (.git, .wrangler), except .ci, which holds what CI runs.
      if ((entry.name.startsWith(".") && name !== ".ci") || SKIPPED_DIRECTORIES.has(entry.name)) continue;
      if (name === "public/build" || name === "app/openapi/generated" || name === "migrations/meta") continue;
      projectFiles(root, path, found);
    } else if (entry.isFile() && !SKIPPED_FILES.has(name) && (TEXT.test(entry.name) || dir.endsWith(".ci"))) {
      found.push(name);
    }
  }
  return found;
}
