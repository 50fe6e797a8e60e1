/** The webhook URLs the outside review registered and the worker fetched (issue 15, finding 3), verbatim. */
export const REVIEWED_INSIDE_URLS = [
  "https://localhost./",
  "https://metadata.google.internal./",
  "https://127.0.0.1.nip.io/",
  "https://[::7f00:1]/",
  "https://[::a9fe:a9fe]/",
  "https://[64:ff9b::a9fe:a9fe]/",
  "https://[2002:a9fe:a9fe::]/",
] as const;
