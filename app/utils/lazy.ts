/**
 * A value made on first use and kept: the API's response schemas (issue 36) are built only when the
 * OpenAPI document is generated or a test parses with them, never by a fresh isolate answering a
 * request (decision 075's cold-start budget).
 */
export function lazy<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
