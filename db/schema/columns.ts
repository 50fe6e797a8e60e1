import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, integer, type UpdateDeleteAction } from "drizzle-orm/sqlite-core";

/** Columns several tables declare alike (Drizzle's reusable column definitions). */

export const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$defaultFn(() => new Date());
export const updatedAt = () =>
  integer("updated_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(unixepoch() * 1000)`)
    .$defaultFn(() => new Date())
    .$onUpdateFn(() => new Date());

/**
 * An integer column holding another table's id. The target is named lazily (`() => users.id`), so a
 * table may point at one declared after it; `onDelete` is SQL's (none: a referenced row cannot go).
 */
export const reference = <TName extends string>(name: TName, target: () => AnySQLiteColumn, onDelete?: UpdateDeleteAction) =>
  integer(name).references(target, { onDelete });
