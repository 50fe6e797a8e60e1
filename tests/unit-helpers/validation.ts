import { parseWithZod } from "@conform-to/zod/v4";
import { expect } from "vitest";
import type { z } from "zod";

/** Field messages keyed by dotted path, or throws when the input unexpectedly passes. */
export function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) throw new Error(`expected a validation failure, got ${JSON.stringify(result.data)}`);
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join(".") || "_form";
    errors[key] ??= [];
    errors[key].push(issue.message);
  }
  return errors;
}

/** The parsed value, or throws with the messages when the input unexpectedly fails. */
export function parsedOf<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw new Error(`expected success, got ${JSON.stringify(result.error.issues)}`);
  return result.data;
}

/** What Conform shows under each field when a form with these values is submitted. */
export function formErrorsOf(schema: z.ZodType, fields: Record<string, string>) {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return parseWithZod(formData, { schema }).reply().error ?? {};
}

/**
 * Sets each value on `field` of an otherwise valid input and expects exactly its messages, on that
 * field alone: the table of one field's rules.
 */
export function expectFieldErrors(
  schema: z.ZodType,
  valid: Record<string, unknown>,
  field: string,
  cases: [value: unknown, messages: string[]][],
) {
  for (const [value, messages] of cases) {
    expect(errorsOf(schema, { ...valid, [field]: value }), `${field} = ${JSON.stringify(value)}`).toEqual({ [field]: messages });
  }
}
