// Test-only entry: the built worker served as `wrangler dev` serves it (`npm start`, the end-to-end
// server). Wrangler wraps every request in a middleware that reads a request body the Worker left
// unread to its end before the answer goes out; workerd alone answers and then closes the
// connection, so a client still writing a large body (a 413 refused from its Content-Length) meets
// EPIPE instead of the answer, and so may the next request on that pooled connection. In production
// Cloudflare's front end holds the connection. The Worker's answer is not changed.
import worker from "../../../build/worker/worker.js";

/** `handler` with every request body it left unread read to its end before its answer is returned. */
export function drainingUnreadBodies(handler) {
  return async (request, env, ctx) => {
    try {
      return await handler(request, env, ctx);
    } finally {
      if (request.body !== null && !request.bodyUsed) {
        const reader = request.body.getReader();
        while (!(await reader.read()).done) {}
      }
    }
  };
}

export default { ...worker, fetch: drainingUnreadBodies(worker.fetch) };
