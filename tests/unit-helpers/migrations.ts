import { readdirSync, readFileSync } from "node:fs";

/** Every statement of migrations/, in order, split as drizzle-kit marks them (for a D1 made by hand). */
export function migrationStatements(): string[] {
  return readdirSync("migrations")
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .flatMap((f) => readFileSync(`migrations/${f}`, "utf8").split("--> statement-breakpoint"))
    .map((s) => s.trim())
    .filter(Boolean);
}
