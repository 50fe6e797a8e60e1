// The floor `npm run bench` compares every route with: a Worker that does no work.
export default {
  fetch: () =>
    new Response("<!doctype html><title>hello</title><p>hello</p>", {
      headers: { "Content-Type": "text/html; charset=utf-8" },
    }),
} satisfies ExportedHandler;
