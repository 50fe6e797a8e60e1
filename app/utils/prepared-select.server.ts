import type { InArgs, Client as LibsqlClient } from "@libsql/client";
import { Column, getTableName, is, noopDecoder, Param, Placeholder, SQL, Subquery, sql } from "drizzle-orm";
import type { Database } from "./db.server";

/**
 * The hot SELECTs of the busiest screens and API routes, and the hot writes (decision 089), built
 * once per shape.
 *
 * Building a select with joins and aliases, and mapping its rows cell by cell through Drizzle's
 * `is()` checks, cost the worker more CPU than SQLite spent running the statements (about a quarter
 * of a dashboard's, and a third of a 100-row API list's; decisions 034 and 042). A prepared select
 * is built by Drizzle with placeholders the first time its shape is used; later calls bind values
 * only, and rows are mapped by decoders resolved at that first build. Every parameter must be a
 * placeholder, so no request's value can be cached into another's statement.
 *
 * A bound statement is awaited alone (a batch of one) or sits in `db.batch` next to ordinary Drizzle
 * queries: it speaks the part of Drizzle's batch protocol the D1 and libSQL sessions use
 * (`_prepare`, `getQuery`, `stmt`, `mapResult`). That protocol and the other Drizzle internals read
 * here (`fields`, `joinsNotNullableMap`, an insert's placeholder wrapped in a `Param` with its
 * column as encoder) are no public API: drizzle-orm is pinned exactly in package.json, and
 * prepared-select.server.protocol.test.ts fails if an upgrade changes them (on libSQL and on D1).
 */

type Decoder = { mapFromDriverValue(value: unknown): unknown };
type Compiled = {
  sql: string;
  params: unknown[];
  /** Per result column: where it goes (key, or group and key) and how it is decoded. */
  columns: { group: string | null; key: string; decoder: Decoder | null }[];
  /** Groups from left-joined tables: null when every column of theirs is null (as Drizzle does). */
  nullableGroups: string[];
  /**
   * Two result columns share a name (say `id` of two joined tables). D1 answers a batch with row
   * objects keyed by name, which would lose one, so such a select runs only on its own.
   */
  duplicateName: string | null;
};

/** A Drizzle SELECT builder (only selects carry a select mode): inserts, updates and deletes do not
 * fit, so a prepared select (and a statement riding with the session lookup) can only read. */
type SelectLike = PromiseLike<unknown[]> & {
  toSQL(): { sql: string; params: unknown[] };
  readonly _: { readonly selectMode: unknown };
};
type RowOf<Q> = Q extends PromiseLike<(infer R)[]> ? R : never;

/** Drizzle's own prepared query: its ordered fields (none for a write without RETURNING) and which joined tables may be null. */
type DrizzlePrepared = {
  fields?: { path: string[]; field: unknown }[];
  joinsNotNullableMap?: Record<string, boolean>;
  getQuery(): { sql: string; params: unknown[] };
};

/** A SQL fragment's decoder (`mapWith`), internal to Drizzle's typings. */
const decoderOfSql = (fragment: SQL) => (fragment as unknown as { decoder: Decoder }).decoder;

function decoderOf(field: unknown): Decoder {
  if (is(field, Column)) return field;
  if (is(field, SQL)) return decoderOfSql(field);
  if (is(field, Subquery)) return decoderOfSql(field._.sql as SQL);
  return decoderOfSql((field as SQL.Aliased).sql);
}

/** What a prepared statement may be: a read, or a write (insert, update, delete; RETURNING or not). */
type StatementKind = "select" | "write";
const STATEMENT_START: Record<StatementKind, RegExp> = { select: /^(select|with)\b/i, write: /^(insert|update|delete)\b/i };

function compile(query: PromiseLike<unknown>, kind: StatementKind): Compiled {
  const prepared = (query as unknown as { _prepare(): DrizzlePrepared })._prepare();
  const { sql, params } = prepared.getQuery();
  if (!STATEMENT_START[kind].test(sql)) throw new Error(`A prepared ${kind} must be a ${kind.toUpperCase()}: ${sql}`);
  for (const param of params) {
    // A literal would be cached into every later call: a value, or a default Drizzle computed at
    // build time (an insert's `$defaultFn`, e.g. a creation time) that the call must pass itself.
    if (!is(param, Placeholder) && !(is(param, Param) && is(param.value, Placeholder))) {
      throw new Error(`A prepared ${kind} has a literal parameter: ${sql}`);
    }
  }
  const groupTables = new Map<string, Set<string>>();
  // A write without RETURNING has no fields: its result is no rows.
  const columns = (prepared.fields ?? []).map(({ path, field }) => {
    if (path.length > 2) throw new Error(`A prepared select nests deeper than one level: ${path.join(".")}`);
    const group = path.length === 2 ? (path[0] as string) : null;
    if (group) {
      const tables = groupTables.get(group) ?? new Set();
      tables.add(is(field, Column) ? getTableName(field.table) : "");
      groupTables.set(group, tables);
    }
    const decoder = decoderOf(field);
    // Most columns hand the driver's value through unchanged: skip the call for those.
    const identity = decoder === noopDecoder || decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue;
    return { group, key: path[path.length - 1] as string, decoder: identity ? null : decoder };
  });
  const nullableGroups = [...groupTables]
    .filter(([, tables]) => {
      const [table] = [...tables];
      return tables.size === 1 && table && prepared.joinsNotNullableMap?.[table] === false;
    })
    .map(([group]) => group);
  const names = (prepared.fields ?? []).flatMap(({ field }) =>
    is(field, Column) ? [field.name] : is(field, SQL.Aliased) ? [field.fieldAlias] : [],
  );
  const duplicateName = names.find((name, i) => names.indexOf(name) !== i) ?? null;
  return { sql, params, columns, nullableGroups, duplicateName };
}

function mapRow(compiled: Compiled, values: ArrayLike<unknown>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const { columns } = compiled;
  for (let i = 0; i < columns.length; i++) {
    const { group, key, decoder } = columns[i] as Compiled["columns"][number];
    const raw = values[i];
    const value = raw === null || raw === undefined ? null : decoder ? decoder.mapFromDriverValue(raw) : raw;
    if (group === null) {
      row[key] = value;
    } else {
      const nested = (row[group] ?? {}) as Record<string, unknown>;
      nested[key] = value;
      row[group] = nested;
    }
  }
  for (const group of compiled.nullableGroups) {
    const nested = row[group] as Record<string, unknown>;
    if (Object.values(nested).every((v) => v === null)) row[group] = null;
  }
  return row;
}

/** A bound prepared select (see BoundStatement). */
export type BoundSelect<Row> = BoundStatement<Row, "select">;

/**
 * One execution of a prepared statement: its statement with this call's values bound. `Kind` keeps
 * reads and writes apart in types: a session rider (`BoundSelect`) cannot be a write.
 */
export class BoundStatement<Row, Kind extends StatementKind = StatementKind> implements PromiseLike<Row[]> {
  declare readonly _: { readonly dialect: "sqlite"; readonly result: Row[] };
  declare readonly kind: Kind;
  readonly #db: Database;
  readonly #compiled: Compiled;
  readonly #params: unknown[];

  constructor(db: Database, compiled: Compiled, params: unknown[]) {
    this.#db = db;
    this.#compiled = compiled;
    this.#params = params;
  }

  /** Drizzle's batch protocol (see the module comment). */
  _prepare() {
    return this;
  }
  getQuery() {
    return { sql: this.#compiled.sql, params: this.#params };
  }
  /** D1's session binds the statement it gets here. */
  get stmt() {
    return (this.#db.$client as D1Database).prepare(this.#compiled.sql);
  }

  mapResult(result: unknown, isFromBatch?: boolean): Row[] {
    let rows = result as ArrayLike<unknown>[];
    if (isFromBatch) {
      // D1 answers a batch with row objects in column order, libSQL with array-like rows.
      const objects = (result as { results?: Record<string, unknown>[] }).results;
      if (objects && this.#compiled.duplicateName) {
        throw new Error(`Column "${this.#compiled.duplicateName}" appears twice: alias it to batch ${this.#compiled.sql}`);
      }
      rows = objects?.map((r) => Object.values(r)) ?? (result as { rows: ArrayLike<unknown>[] }).rows;
    }
    return rows.map((values) => mapRow(this.#compiled, values) as Row);
  }

  /** On its own, rows come back as arrays from either driver, whatever the column names. */
  async execute(): Promise<Row[]> {
    const client = this.#db.$client as D1Database | LibsqlClient;
    const { sql, params } = this.getQuery();
    const rows =
      "execute" in client
        ? (await client.execute({ sql, args: params as InArgs })).rows
        : await client
            .prepare(sql)
            .bind(...params)
            .raw();
    return this.mapResult(rows);
  }
  // biome-ignore lint/suspicious/noThenProperty: awaited like any Drizzle query
  then<A = Row[], B = never>(
    onfulfilled?: ((value: Row[]) => A | PromiseLike<A>) | null,
    onrejected?: ((reason: unknown) => B | PromiseLike<B>) | null,
  ): Promise<A | B> {
    return this.execute().then(onfulfilled, onrejected);
  }
}

/**
 * A select built once per shape: `build` makes the Drizzle query for a shape with `sql.placeholder`
 * for every value; the returned function binds a call's values. `shape` must hold everything that
 * changes the SQL text (which filters are present, the sort), and nothing else.
 */
export function preparedSelect<Shape, Q extends SelectLike>(build: (db: Database, shape: Shape) => Q) {
  return prepared<Shape, RowOf<Q>, "select">(build, "select");
}

/**
 * A write built once per shape, as preparedSelect (decision 089): an insert, update or delete whose
 * every value is a placeholder, bound per call, awaited alone or in a batch. It answers the rows of
 * its RETURNING, mapped as Drizzle would, or no rows. A column Drizzle would fill at build time
 * (`$defaultFn`) must be given as a placeholder too: build refuses any literal parameter.
 */
export function preparedWrite<Shape, Q extends PromiseLike<unknown> & { toSQL(): unknown }>(
  build: (db: Database, shape: Shape) => Q,
) {
  return prepared<Shape, Q extends PromiseLike<(infer R)[]> ? R : never, "write">(build, "write");
}

/** `{ name: sql.placeholder(name) }` for each name: the values of a prepared insert, bound per call. */
export function placeholders<const Name extends string>(...names: Name[]): Record<Name, Placeholder<Name>> {
  return Object.fromEntries(names.map((name) => [name, sql.placeholder(name)])) as Record<Name, Placeholder<Name>>;
}

function prepared<Shape, Row, Kind extends StatementKind>(
  build: (db: Database, shape: Shape) => PromiseLike<unknown>,
  kind: Kind,
) {
  const cache = new Map<string, Compiled>();
  return (db: Database, shape: Shape, values: Record<string, unknown>): BoundStatement<Row, Kind> => {
    const key = JSON.stringify(shape);
    let compiled = cache.get(key);
    if (!compiled) {
      compiled = compile(build(db, shape), kind);
      cache.set(key, compiled);
    }
    return new BoundStatement<Row, Kind>(db, compiled, bindValues(compiled.params, values));
  };
}

/**
 * A call's values in the statement's parameter order. A placeholder that stands for a column's value
 * (an insert's or update's, wrapped in a Param) is encoded as that column encodes (a Date to epoch
 * ms): Drizzle's fillPlaceholders does so too but encodes null as well, which a timestamp cannot.
 */
function bindValues(params: unknown[], values: Record<string, unknown>): unknown[] {
  return params.map((param) => {
    const placeholder = is(param, Param) ? (param.value as Placeholder) : (param as Placeholder);
    const value = values[placeholder.name];
    // Undefined is a missing value (neither D1 nor libSQL binds it), never a silent null.
    if (value === undefined) throw new Error(`No value for placeholder "${placeholder.name}" was provided`);
    return is(param, Param) && value !== null ? param.encoder.mapToDriverValue(value) : value;
  });
}
