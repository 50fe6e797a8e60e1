import { createCookie } from "@remix-run/cloudflare";
import { eq, sql } from "drizzle-orm";
// The session guards (who may pass requireUser and its kin) and sessionWith, apart from session.server.test.ts.
import { describe, expect, test } from "vitest";
import { sessions, users } from "../../db/schema";
import { createLoadContext, freshDbEachTest, insertUser, requestContext, TEST_SESSION_SECRET } from "../../tests/unit-helpers/db";
import { loginCookie, requestWith } from "../../tests/unit-helpers/sessions";
import { sha256Hex } from "./crypto.server";
import type { Database } from "./db.server";
import { AppError } from "./errors.server";
import { preparedSelect, preparedWrite } from "./prepared-select.server";
import {
  getCurrentSession,
  getUser,
  loginPathFor,
  requireAdminUser,
  requireRegularUser,
  requireSessionApiUser,
  requireUser,
  SESSION_COOKIE_NAME,
  sessionWith,
} from "./session.server";
import { type Viewer, type ViewerKind, viewerIdSql, viewerKind, viewerValues } from "./viewer.server";

let db: Database;
freshDbEachTest((fresh) => (db = fresh));

const DAY = 24 * 60 * 60 * 1000;
const login = (userId: number, url?: string) => loginCookie(db, userId, url);

describe("guards", () => {
  async function thrown(promise: Promise<unknown>) {
    return promise.then(
      () => {
        throw new Error("expected the guard to throw");
      },
      (e: unknown) => e,
    );
  }

  test("loginPathFor sends users to /login and admins to /admin/login, remembering where they were", () => {
    expect(loginPathFor(new Request("http://localhost/"))).toBe("/login");
    expect(loginPathFor(new Request("http://localhost/admin"))).toBe("/admin/login");
    expect(loginPathFor(new Request("http://localhost/businesses?q=tea"))).toBe("/login?redirectTo=%2Fbusinesses%3Fq%3Dtea");
    expect(loginPathFor(new Request("http://localhost/admin/referrals"))).toBe("/admin/login?redirectTo=%2Fadmin%2Freferrals");
    expect(loginPathFor(new Request("http://localhost/administrator"))).toBe("/login?redirectTo=%2Fadministrator");
  });

  test("requireUser redirects a logged-out visitor to the login screen", async () => {
    const { context } = createLoadContext(db);
    const response = (await thrown(requireUser(requestWith(null, "http://localhost/settings"), context))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fsettings");
  });

  test("requireSessionApiUser answers 401 instead of redirecting", async () => {
    const { context } = createLoadContext(db);
    const error = (await thrown(requireSessionApiUser(context))) as AppError;
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(401);
    expect(error.message).toBe("Authentication required");
  });

  test("admins see not-found on regular screens and regular users on admin screens", async () => {
    // Enrolled: outside development an admin without two-factor is sent to /settings first (decision 050).
    const admin = await insertUser(db, { isAdmin: true, twoFactorEnabledAt: new Date() });
    const regular = await insertUser(db);
    const adminCookie = await login(admin.id);
    const regularCookie = await login(regular.id);

    const adminOnRegular = (await thrown(
      requireRegularUser(requestWith(adminCookie), (await requestContext(db, requestWith(adminCookie))).context),
    )) as Response;
    expect(adminOnRegular.status).toBe(404);
    const regularOnAdmin = (await thrown(
      requireAdminUser(requestWith(regularCookie), (await requestContext(db, requestWith(regularCookie))).context),
    )) as Response;
    expect(regularOnAdmin.status).toBe(404);

    await expect(
      requireAdminUser(requestWith(adminCookie), (await requestContext(db, requestWith(adminCookie))).context),
    ).resolves.toMatchObject({
      id: admin.id,
    });
    await expect(
      requireRegularUser(requestWith(regularCookie), (await requestContext(db, requestWith(regularCookie))).context),
    ).resolves.toMatchObject({
      id: regular.id,
    });
  });
});

describe("sessionWith", () => {
  const usernameSelect = preparedSelect((db, kind: ViewerKind) =>
    db
      .select({ username: users.username })
      .from(users)
      .where(eq(users.id, viewerIdSql(kind))),
  );
  /** Statements naming the viewer, either way: the viewer's own username. */
  const usernameOf = (viewer: Viewer) => [usernameSelect(db, viewerKind(viewer), viewerValues(viewer))] as const;

  /** The database, counting its round trips (batches and single statements alike go through batch or prepare). */
  function countingBatches(target: Database) {
    const counter = { batches: 0 };
    const counted = new Proxy(target, {
      get(t, property, receiver) {
        if (property === "batch") {
          return (...args: Parameters<Database["batch"]>) => {
            counter.batches++;
            return t.batch(...args);
          };
        }
        const value = Reflect.get(t, property, receiver);
        return typeof value === "function" ? value.bind(t) : value;
      },
    });
    return { db: counted, counter };
  }

  test("sends a loader's statements in the session lookup's batch, naming the viewer by session", async () => {
    const user = await insertUser(db, { username: "rider_one" });
    const cookie = await login(user.id);
    const { context } = await requestContext(db, requestWith(cookie));
    const seen: Viewer[] = [];
    const { user: signedIn, results } = await sessionWith(context, (viewer) => {
      seen.push(viewer);
      return usernameOf(viewer);
    });
    expect(signedIn?.id).toBe(user.id);
    expect(results?.[0]).toEqual([{ username: "rider_one" }]);
    const token = await createCookie(SESSION_COOKIE_NAME, { secrets: [TEST_SESSION_SECRET] }).parse(cookie);
    expect(seen).toEqual([{ sessionId: await sha256Hex(token) }]);
  });

  test("every loader that asks before its first await rides: the root, a layout and a screen in one round trip", async () => {
    const user = await insertUser(db, { username: "rider_all" });
    const cookie = await login(user.id);
    const { db: counted, counter } = countingBatches(db);
    const { context } = await requestContext(counted, requestWith(cookie));
    // As Remix starts a request's loaders: one synchronous pass, each running to its first await.
    const root = getUser(context);
    const layout = sessionWith(context, usernameOf);
    const screen = sessionWith(context, (viewer) => [...usernameOf(viewer), ...usernameOf(viewer)] as const);
    const [rootUser, layoutData, screenData] = await Promise.all([root, layout, screen]);
    expect(rootUser?.id).toBe(user.id);
    expect(layoutData.results?.[0]).toEqual([{ username: "rider_all" }]);
    expect(screenData.results).toEqual([[{ username: "rider_all" }], [{ username: "rider_all" }]]);
    expect(counter.batches).toBe(1);
  });

  test("runs the statements of a loader that joins after the lookup was sent by user id, in a batch of their own", async () => {
    const user = await insertUser(db, { username: "rider_late" });
    const cookie = await login(user.id);
    const { db: counted, counter } = countingBatches(db);
    const { context } = await requestContext(counted, requestWith(cookie));
    await getCurrentSession(context); // the lookup has gone out (and come back)
    const seen: Viewer[] = [];
    const { results } = await sessionWith(context, (viewer) => {
      seen.push(viewer);
      return usernameOf(viewer);
    });
    expect(results?.[0]).toEqual([{ username: "rider_late" }]);
    expect(seen).toEqual([{ userId: user.id }]);
    expect(counter.batches).toBe(2);
  });

  test("takes reads only: a write cannot ride (a type error, and preparedSelect refuses one at run time)", () => {
    const write = () => db.update(users).set({ name: "Mallory" });
    // @ts-expect-error an update is not a prepared select, so it cannot ride with the session lookup
    const riding: Parameters<typeof sessionWith>[1] = () => [write()];
    expect(riding).toBeTypeOf("function");
    // @ts-expect-error preparedSelect builds SELECTs only
    const prepared = preparedSelect(() => db.update(users).set({ name: "Mallory" }).returning());
    expect(() => prepared(db, null, {})).toThrow("A prepared select must be a SELECT");
    const preparedUpdate = preparedWrite((d, _: null) =>
      d
        .update(users)
        .set({ name: sql`${sql.placeholder("name")}`, updatedAt: sql`${sql.placeholder("at")}` })
        .returning(),
    );
    // @ts-expect-error a prepared write is no prepared select, so it cannot ride either
    const ridingWrite: Parameters<typeof sessionWith>[1] = () => [preparedUpdate(db, null, { name: "Mallory", at: 0 })];
    expect(ridingWrite).toBeTypeOf("function");
  });

  test("hands over nothing without a valid session: no cookie, an expired or an idle one, a suspended user", async () => {
    const user = await insertUser(db);
    const expired = await login(user.id);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const idleUser = await insertUser(db);
    const idle = await login(idleUser.id);
    await db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 8 * DAY) })
      .where(eq(sessions.userId, idleUser.id));
    const suspendedUser = await insertUser(db);
    const suspended = await login(suspendedUser.id);
    await db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, suspendedUser.id));
    for (const cookie of [null, expired, idle, suspended]) {
      const { context } = await requestContext(db, requestWith(cookie));
      expect(await sessionWith(context, usernameOf)).toEqual({ user: null, results: null });
    }
  });
});
