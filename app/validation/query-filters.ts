import * as z from "zod";

/**
 * Filters of the API's list queries (decision 071): a value given must be valid, and a 400 names the
 * field; an absent one does not filter.
 */
export const oneOf = <T extends readonly [string, ...string[]]>(name: string, values: T) =>
  z.enum(values, { error: `${name} must be one of ${values.join(", ")}` }).optional();

/** A filter that an empty or blank value leaves off too (`?status=` as a cleared select sends it). */
export const blankIsAbsent = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), schema);

/** Words to search for, trimmed, at most 100 characters, or no filter. */
export const searchText = (name: string) =>
  blankIsAbsent(z.string().trim().max(100, `${name} must be at most 100 characters`).optional());

/** `?q=` of a searchable API list. */
export const SearchQuerySchema = z.object({ q: searchText("q") });
