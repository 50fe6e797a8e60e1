import { client, newClientAddress, ORIGIN, type TestApp } from "./app";
import type { KeyPrincipal, Principal, Role } from "./world";

/** What a caller of the world needs of each person: a session and the credentials for another. */
type Signed = { username: string; password: string; cookie: string };

/** How the world's principals call the app: requests, form posts and second sessions. */
export function worldCallers(
  app: TestApp,
  people: Record<Exclude<Role, "anonymous">, Signed>,
  keys: Record<KeyPrincipal, string>,
) {
  /** Each principal is a client of its own (CF-Connecting-IP), as each person is (decision 047). */
  const addresses = new Map<Principal, string>();
  const addressOf = (principal: Principal) => {
    if (!addresses.has(principal)) addresses.set(principal, newClientAddress());
    return addresses.get(principal) as string;
  };

  /** Sends a request as `principal` without keeping any cookie it sets (so a login never switches roles). */
  function request(
    principal: Principal,
    method: string,
    path: string,
    { body, headers = {}, cookie }: { body?: unknown; headers?: Record<string, string>; cookie?: string } = {},
  ) {
    const h: Record<string, string> = { Origin: ORIGIN, "CF-Connecting-IP": addressOf(principal), ...headers };
    if (principal === "businessKey" || principal === "personalKey") h.Authorization = `Bearer ${keys[principal]}`;
    else if (principal !== "anonymous") h.Cookie = cookie ?? people[principal].cookie;
    // Objects go as JSON; strings and bytes go exactly as given, with only the headers given.
    let payload: BodyInit | undefined;
    if (typeof body === "string" || body instanceof Uint8Array) payload = body as BodyInit;
    else if (body !== undefined) {
      h["Content-Type"] ??= "application/json";
      payload = JSON.stringify(body);
    }
    return app.fetch(path, { method, headers: h, body: payload });
  }

  /** Posts a form like a browser without JavaScript, as `role`. */
  function form(role: Role, path: string, fields: Record<string, string | string[]>, cookie?: string) {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(fields)) for (const v of [value].flat()) body.append(name, v);
    return request(role, "POST", path, {
      body: body.toString(),
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      cookie,
    });
  }

  /** A second session of `role`'s user, for cells that end the session they use (logout). */
  async function sessionCookie(role: Exclude<Role, "anonymous">): Promise<string> {
    const { username, password } = people[role];
    const c = client(app);
    const path = role === "admin" ? "/admin/login" : "/login";
    const res = await c.form(path, { intent: "login", username, password });
    if (res.status !== 302) throw new Error(`login as ${role} failed: ${res.status}`);
    return c.cookieHeader();
  }

  return { request, form, sessionCookie };
}
