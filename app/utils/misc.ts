/** Joins class names, skipping falsy ones. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(" ");
}

/** Initials from the first letters of up to two name parts (SPEC: capped at 2 characters). */
export function initials(name: string | null | undefined): string {
  const parts = (name ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 2);
  return parts.map((p) => p[0]?.toUpperCase() ?? "").join("") || "U";
}

export function displayName(name: string | null | undefined): string {
  return name?.trim() || "User";
}

/** A screen's id from a route or search parameter: a positive safe integer of up to 12 digits, else null. */
export function positiveIdOrNull(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,12}$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

export const PHONE_PLACEHOLDER = "+65 9123 4567";
