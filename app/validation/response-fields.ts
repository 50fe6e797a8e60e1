import * as z from "zod";
import { lazy } from "../utils/lazy";

/**
 * Fields that many of the API's response schemas share (the schemas live beside the DTO functions
 * they describe, issue 36). Described once, so every answer says a timestamp or an amount the same way.
 */

export const timestamp = () =>
  z.iso.datetime().meta({ description: "UTC timestamp (ISO 8601)", example: "2026-03-14T09:30:00.000Z" });
export const rowId = (description: string) => z.int().positive().meta({ description });
export const nullableText = (description: string) => z.string().nullable().meta({ description });
export const amountMinor = (description: string) =>
  z.int().meta({ description: `${description}, in the currency's minor units (cents; whole yen for JPY)` });
export const decimalAmount = () =>
  z.string().meta({ description: "The same amount as a decimal string with the currency's own decimals", example: "123.45" });

/** The answer of an action that has nothing to return but a sentence (component Message). */
export const messageSchema = lazy(() => z.strictObject({ message: z.string() }).meta({ id: "Message" }));
