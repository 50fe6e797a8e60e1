import * as z from "zod";

/**
 * A mailed link's token as a path parameter (randomToken: 32 random bytes, base64url, 43 characters).
 * Any other value is answered as an unknown link (404), so the pattern only says what a real token
 * looks like.
 */
export const linkTokenParam = (description: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/)
    .meta({ description, example: "kq3VbX0uM8yWc1Tq0n7rZp4sF2hL9dG6eA5iJ3oK1wE" });
