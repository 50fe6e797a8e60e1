/** Field messages keyed by field name, the shape Conform and API clients both read. */
export type FieldErrors = Record<string, string[]>;

/**
 * An expected failure with an HTTP status and a message fit to show a user. Models throw it;
 * screens turn it into field or form errors and the API into `{ message, errors }`.
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: HeadersInit,
  ) {
    super(message);
    this.name = "AppError";
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new AppError(400, message, errors);
export const unauthorized = (message = "Authentication required") => new AppError(401, message);
export const forbidden = (message = "You do not have permission to do this") => new AppError(403, message);
export const notFound = (message = "Not found") => new AppError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new AppError(409, message, errors);

/**
 * What a screen's loader or action throws for a page that is not there. Remix renders a thrown
 * Response in the error boundary as the 404 page; a thrown `notFound()` (an AppError) would be a 500.
 */
export const notFoundResponse = () => new Response("Not Found", { status: 404 });

/** SQLite unique-constraint failures, as raised by D1 and libSQL. */
/** A database error's message with its cause's: D1 and libSQL put SQLite's own text in one or the other. */
export function errorText(error: unknown): string {
  return String((error as { message?: string })?.message ?? error) + String((error as { cause?: unknown })?.cause ?? "");
}

export function isUniqueViolation(error: unknown): boolean {
  return /UNIQUE constraint failed/i.test(errorText(error));
}
