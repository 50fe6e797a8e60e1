// The end-to-end server's entry (scripts/e2e-server.mjs): the app's own Worker, plus one route the
// tests use for the setup no screen offers (time passing, a planted introduction link). It runs the
// statements through the app's D1 binding, so they queue behind the app's own queries; writing the
// local D1 file from another process made the app's queries fail with SQLITE_BUSY (a 503) while that
// process held the lock. This file is never deployed: production's entry is functions/worker.ts.
import app from "../../../functions/worker";
import { E2E_SQL_PATH, type E2eStatement } from "./d1";

async function runStatements(request: Request, env: CloudflareEnv): Promise<Response> {
  if (request.method !== "POST") return new Response("Method not allowed", { status: 405 });
  const { statements } = (await request.json()) as { statements: E2eStatement[] };
  try {
    // One batch: one transaction, as the app's own writes are.
    const results = await env.DB.batch(statements.map((s) => env.DB.prepare(s.sql).bind(...(s.args ?? []))));
    return Response.json(results.map((r) => ({ rows: r.results, changes: r.meta.changes })));
  } catch (error) {
    return Response.json({ message: String(error) }, { status: 400 });
  }
}

export default {
  ...app,
  fetch(request, env, ctx) {
    if (new URL(request.url).pathname === E2E_SQL_PATH) return runStatements(request, env);
    return app.fetch(request, env, ctx);
  },
} satisfies ExportedHandler<CloudflareEnv>;
