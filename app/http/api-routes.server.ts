import type { ActionFunctionArgs, AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requireAdmin } from "~/domain/parties/acting-admin.server";
import { requireApiUser } from "~/http/api-auth.server";
import { requireRecentPassword } from "~/http/reauthentication.server";
import { apiHandler, idOrNotFound, jsonResponse, listResponse, methodNotAllowed, parsePage } from "~/utils/api.server";
import type { Database } from "~/utils/db.server";
import { idempotent } from "~/utils/idempotency.server";
import type { SessionUser } from "~/utils/session.server";
import type { ApiScope } from "../../db/schema";

/**
 * The shapes many `/api` routes share, so each route file says only what is its own: who may call
 * (the route names the scope a key needs, where the OpenAPI test reads it), the model call, the
 * status of the answer. The order of the checks is the API's: the method (405), then who calls
 * (401/403), then the path's id (404), then the body (decision 144).
 */

/** Who calls a route: the session or API key user, refused with 401/403 as the route's rule says. */
export type Caller = (request: Request, context: AppLoadContext) => Promise<SessionUser>;

/** A session, or an API key holding `scope` (403 without it). */
export const scopedCaller =
  (scope: ApiScope): Caller =>
  (request, context) =>
    requireApiUser(request, context, scope);

/** A signed-in session only: an API key is refused (403), as on every endpoint that names no scope. */
export const sessionCaller: Caller = (request, context) => requireApiUser(request, context);

/** A platform admin (a session only): anyone else gets 403 before any other check. */
export const adminCaller: Caller = async (request, context) => {
  const user = await requireApiUser(request, context);
  requireAdmin(user);
  return user;
};

/**
 * A platform admin's change over the API (a session only): a non-admin learns nothing about ids or
 * bodies (403 before any other check), and an admin needs a recently entered password (issue 15,
 * finding 8).
 */
export const adminChangeCaller: Caller = async (request, context) => {
  const user = await adminCaller(request, context);
  await requireRecentPassword(context);
  return user;
};

/** What a POST route's model call gets: the caller, the request's database, the request for its body or env. */
export type PostArgs = { db: Database; user: SessionUser; request: Request; context: AppLoadContext };
/** The same for a route on one row: the path's id too. */
export type OnIdArgs = PostArgs & { id: number };

type Answer = { status?: 202 };

function postAction<A>(
  caller: Caller,
  argsOf: (args: PostArgs, params: ActionFunctionArgs["params"]) => A,
  act: (args: A) => Promise<unknown>,
  answer: Answer,
) {
  return apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
    if (request.method !== "POST") return methodNotAllowed(["POST"]);
    const user = await caller(request, context);
    return jsonResponse(await act(argsOf({ db: context.db(), user, request, context }, params)), answer);
  });
}

/**
 * The action of a POST-only route: any other method is a 405 naming POST; the answer is `act`'s
 * result as JSON, with `status` (200 unless given).
 */
export function postOnly(caller: Caller, act: (args: PostArgs) => Promise<unknown>, answer: Answer = {}) {
  return postAction(caller, (args) => args, act, answer);
}

/** postOnly on one row, `POST /api/<things>/{id}/<verb>`: a path id that is not one is a 404, after the caller's check. */
export function postOnId(caller: Caller, act: (args: OnIdArgs) => Promise<unknown>, answer: Answer = {}) {
  return postAction(caller, (args, params) => ({ ...args, id: idOrNotFound(params.id) }), act, answer);
}

/**
 * What `read()` gives (the path's id, the query) for a route that authorizes with the row later
 * (requireApiUserWith): should it refuse the request (404, 400), `caller` is asked first, so a
 * caller who is not signed in learns that first (401).
 */
export async function signedInFirst<T>(read: () => T, caller: () => Promise<unknown>): Promise<T> {
  try {
    return read();
  } catch (error) {
    await caller();
    throw error;
  }
}

/**
 * The action of `POST /api/<things>` that creates one: Idempotency-Key aware (the fields named in
 * `secretFields` are never stored for a replay; a replay is served only to a caller `caller` accepts),
 * any other method a 405 naming `allow` (the methods the path answers), then the caller, and what
 * `create` made as JSON with 201.
 */
export function createOnPost(
  caller: Caller,
  create: (args: PostArgs) => Promise<unknown>,
  { allow = ["POST"], secretFields }: { allow?: string[]; secretFields?: readonly string[] } = {},
) {
  return apiHandler(
    // A retry answered from the store is checked as the first request was (decision 156).
    idempotent({ authenticate: caller, secretFields }, async ({ request, context }: ActionFunctionArgs) => {
      if (request.method !== "POST") return methodNotAllowed(allow);
      const user = await caller(request, context);
      return jsonResponse(await create({ db: context.db(), user, request, context }), { status: 201 });
    }),
  );
}

/** A page of a list (`limit`, `offset` from the query) and what a model answers for it. */
type Page = { limit: number; offset: number };
type PageOf = Promise<{ items: unknown[]; total: number }>;

/** The loader of `GET /api/<things>`: one page of what `list` finds for the caller, with its total in X-Total-Count. */
export function listPaged(caller: Caller, list: (db: Database, user: SessionUser, page: Page) => PageOf) {
  return apiHandler(async ({ request, context }: LoaderFunctionArgs) => {
    const user = await caller(request, context);
    const { items, total } = await list(context.db(), user, parsePage(request));
    return listResponse(items, total);
  });
}

/** The reading or removing of one row, `read(db, user, id)` or `act(db, user, id)`: the model authorizes. */
type OnId = (db: Database, user: SessionUser, id: number) => Promise<unknown>;

/** The loader of `GET /api/<things>/{id}`: what `read` finds for the caller under that id, as JSON (a path id that is not one is a 404). */
export function getOnId(caller: Caller, read: OnId) {
  return apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
    const user = await caller(request, context);
    return jsonResponse(await read(context.db(), user, idOrNotFound(params.id)));
  });
}

/**
 * The action of `DELETE /api/<things>/{id}`: any other method is a 405 naming `allow` (the
 * methods the path answers), then the caller, the id, and `act`'s answer as JSON.
 */
export function deleteOnId(caller: Caller, act: OnId, allow: string[] = ["DELETE"]) {
  return apiHandler(async ({ request, context, params }: ActionFunctionArgs) => {
    if (request.method !== "DELETE") return methodNotAllowed(allow);
    const user = await caller(request, context);
    return jsonResponse(await act(context.db(), user, idOrNotFound(params.id)));
  });
}

/**
 * The loader of `GET /api/<things>/{id}/<list>`: one page (`limit`, `offset`) of what `list` finds
 * for the caller under that id, with its total in X-Total-Count.
 */
export function listOnId(caller: Caller, list: (db: Database, user: SessionUser, id: number, page: Page) => PageOf) {
  return apiHandler(async ({ request, context, params }: LoaderFunctionArgs) => {
    const user = await caller(request, context);
    const id = idOrNotFound(params.id);
    const { items, total } = await list(context.db(), user, id, parsePage(request));
    return listResponse(items, total);
  });
}
