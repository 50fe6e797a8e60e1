/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/cloudflare" />

// Single fetch (remix.config.js, decision 135): loader and action data reach the screen as
// turbo-stream, not JSON, and `useLoaderData<typeof loader>` infers it that way only with this.
// (The export makes this file a module, so the block augments the package instead of replacing it.)
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
