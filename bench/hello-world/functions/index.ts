// The floor `npm run bench` compares every route with: a Pages Function that does no work.
export const onRequest: PagesFunction = () =>
  new Response("<!doctype html><title>hello</title><p>hello</p>", {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
