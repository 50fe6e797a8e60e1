import type { ErrorObject, ValidateFunction } from "ajv";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";

/**
 * The contract check (issue 36): one request and the answer to it, held against the OpenAPI 3.1
 * document the Worker serves, with a JSON Schema 2020-12 validator in this process (not a proxy such
 * as Prism: no second server, and it sees the traffic the tests already send). It reports; it never
 * throws, so a driver can compare what it finds with a ratchet (contract-known-violations.ts).
 */

export type ViolationKind =
  | "operation" // no documented template and method for the request
  | "security" // the request carries none of the documented credentials
  | "parameter" // a path, query or header parameter missing or off its schema
  | "request-body" // content type not documented, or the body off its schema
  | "status" // the answer's status is not documented
  | "content-type" // the answer's content type not documented (or a body where none is)
  | "response-body" // the answer's body off its schema
  | "header"; // a required answer header missing, or a documented one off its schema

export type Violation = {
  /** The operationId, or `METHOD path` when no operation matched. */
  op: string;
  side: "request" | "response";
  kind: ViolationKind;
  /** Where, stably: `query.status`, `header.Retry-After`, `200 body/items/*\/id` (array indexes as `*`). */
  at: string;
  message: string;
};

type Json = Record<string, unknown>;
type Parameter = {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  explode?: boolean;
  style?: string;
};
type Operation = { operationId?: string; parameters?: Json[]; security?: Json[]; requestBody?: Json; responses: Json };
type Media = Record<string, { schema?: unknown }>;

const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
/** Where the document lives for the validator: refs inside it (`#/components/schemas/X`) resolve against it. */
const BASE = "https://contract.warm-intros.test/openapi.json";

const isJsonMedia = (type: string) => type === "application/json" || type.endsWith("+json");
const mediaType = (header: string | null) => (header ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
/** A JSON Pointer segment as a URI fragment carries it. */
const segment = (key: string | number) => encodeURIComponent(String(key).replace(/~/g, "~0").replace(/\//g, "~1"));

/** `/api/referrals/{id}` → a regex whose groups are its parameters, and how specific it is (fewer parameters first). */
function templateMatcher(template: string) {
  const names: string[] = [];
  const source = template.replace(/[.*+?^$()|[\]\\]/g, "\\$&").replace(/\{(\w+)\}/g, (_, name: string) => {
    names.push(name);
    return "([^/]+)";
  });
  return { template, names, regex: new RegExp(`^${source}$`) };
}

/** A parameter's string(s) as the value its schema describes (OpenAPI's default `form` style for queries). */
function deserialise(values: string[], schema: Json | undefined, explode: boolean): unknown {
  const types = [schema?.type ?? ((schema?.anyOf ?? schema?.oneOf) as Json[] | undefined)?.map((s) => s.type)].flat();
  if (types.includes("array")) {
    const items = (explode ? values : values.flatMap((v) => v.split(","))).map((v) =>
      deserialise([v], schema?.items as Json, true),
    );
    return items;
  }
  const value = values[0] ?? "";
  if ((types.includes("integer") || types.includes("number")) && /^-?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(value))
    return Number(value);
  if (types.includes("boolean") && (value === "true" || value === "false")) return value === "true";
  if (types.includes("null") && value === "null") return null;
  return value;
}

/** One ajv error as a stable location (indexes as `*`, the missing or extra property named) and a message. */
function describeError(error: ErrorObject) {
  const extra = (error.params as { missingProperty?: string; additionalProperty?: string }) ?? {};
  const name = extra.missingProperty ?? extra.additionalProperty;
  const path = `${error.instancePath.replace(/\/\d+(?=\/|$)/g, "/*")}${name ? `/${name}` : ""}`;
  return { path, message: `${error.instancePath || "(root)"} ${error.message ?? error.keyword}${name ? ` (${name})` : ""}` };
}

/** The contract of one OpenAPI 3.1 document (as served by /api/openapi.json). */
export function contractOf(document: Json) {
  // multipleOfPrecision: a decimal step (0.1, 0.01) means the decimal, not its binary float (13.4 / 0.1 is 133.99999999999997).
  const ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, multipleOfPrecision: 9 });
  addFormats(ajv);
  // OpenAPI's own annotation keywords: known to the validator, and they assert nothing.
  ajv.addVocabulary(["example", "discriminator", "xml", "externalDocs"]);
  ajv.addSchema(document, BASE);
  /**
   * Validators by the text of their schema: most error answers share one schema, and compiling is
   * what costs (~20 ms a schema of this document; checking is microseconds).
   */
  const validators = new Map<string, ValidateFunction>();
  /** The validator of the schema at a JSON Pointer (as a list of keys) inside the document. */
  function validatorAt(keys: (string | number)[]) {
    const text = JSON.stringify(keys.reduce<Json>((at, key) => at[key] as Json, document));
    const known = validators.get(text);
    if (known) return known;
    const validate = ajv.compile({ $ref: `${BASE}#/${keys.map(segment).join("/")}` });
    validators.set(text, validate);
    return validate;
  }
  /** An object of the document and its pointer, following one local `$ref` (parameters, headers). */
  function resolve(value: Json, keys: (string | number)[]): { value: Json; keys: (string | number)[] } {
    const ref = value.$ref;
    if (typeof ref !== "string" || !ref.startsWith("#/")) return { value, keys };
    const refKeys = ref
      .slice(2)
      .split("/")
      .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    return { value: refKeys.reduce<Json>((at, key) => at[key] as Json, document), keys: refKeys };
  }

  const paths = (document.paths ?? {}) as Record<string, Json>;
  const matchers = Object.keys(paths)
    .map(templateMatcher)
    .sort((a, b) => a.names.length - b.names.length);
  const schemes = ((document.components as Json | undefined)?.securitySchemes ?? {}) as Record<string, Json>;

  /** Every documented operation, as `operationId` (or `METHOD path`). */
  const operations = Object.entries(paths).flatMap(([path, item]) =>
    METHODS.filter((m) => item[m]).map((m) => (item[m] as Operation).operationId ?? `${m.toUpperCase()} ${path}`),
  );

  function credentialPresent(name: string, request: Request, cookies: Map<string, string>) {
    const scheme = schemes[name];
    if (!scheme) return false;
    const authorization = request.headers.get("Authorization") ?? "";
    if (scheme.type === "http") return new RegExp(`^${String(scheme.scheme)}\\s+\\S`, "i").test(authorization);
    if (scheme.type === "apiKey" && scheme.in === "cookie") return cookies.has(String(scheme.name));
    if (scheme.type === "apiKey" && scheme.in === "header") return request.headers.has(String(scheme.name));
    if (scheme.type === "apiKey" && scheme.in === "query") return new URL(request.url).searchParams.has(String(scheme.name));
    return false;
  }

  /** The documented template a request's path and method match, most specific first. */
  const matching = (url: URL, method: string) => matchers.find((m) => m.regex.test(url.pathname) && paths[m.template]?.[method]);

  /** The operationId (or `METHOD template`) of a request, if the document has its operation. */
  function operationOf(request: Request) {
    const method = request.method.toLowerCase();
    const matched = matching(new URL(request.url), method);
    if (!matched) return undefined;
    const operation = (paths[matched.template] as Json)[method] as Operation;
    return operation.operationId ?? `${request.method} ${matched.template}`;
  }

  /** Checks one request and its answer; both are cloned, so the caller may still read them. */
  async function checkExchange(request: Request, response: Response): Promise<Violation[]> {
    const url = new URL(request.url);
    const method = request.method.toLowerCase();
    const found: Violation[] = [];
    const matched = matching(url, method);
    if (!matched) {
      const label = `${request.method} ${url.pathname}`;
      const known = matchers.find((m) => m.regex.test(url.pathname));
      const message = known ? `${known.template} documents no ${request.method}` : "no documented path matches";
      return [{ op: label, side: "request", kind: "operation", at: "path", message }];
    }
    const item = paths[matched.template] as Json;
    const operation = item[method] as Operation;
    const opKeys = ["paths", matched.template, method];
    const op = operation.operationId ?? `${request.method} ${matched.template}`;
    const add = (side: Violation["side"], kind: ViolationKind, at: string, message: string) =>
      found.push({ op, side, kind, at, message });
    const validate = (keys: (string | number)[], value: unknown, side: Violation["side"], kind: ViolationKind, at: string) => {
      const check = validatorAt(keys);
      if (check(value)) return;
      for (const error of check.errors ?? []) {
        const { path, message } = describeError(error);
        add(side, kind, `${at}${path}`, message);
      }
    };

    // Parameters: the path item's, overridden by the operation's of the same name and place.
    const cookies = new Map(
      (request.headers.get("Cookie") ?? "")
        .split(";")
        .map((pair) => {
          const at = pair.indexOf("=");
          return at < 0 ? ([pair.trim(), ""] as const) : ([pair.slice(0, at).trim(), pair.slice(at + 1).trim()] as const);
        })
        .filter(([name]) => name),
    );
    const pathValues = Object.fromEntries(
      matched.names.map((name, i) => [name, decodeURIComponent(url.pathname.match(matched.regex)?.[i + 1] ?? "")]),
    );
    const declared = new Map<string, { value: Json; keys: (string | number)[] }>();
    for (const [owner, list] of [
      [["paths", matched.template], item.parameters],
      [opKeys, operation.parameters],
    ] as const) {
      (list as Json[] | undefined)?.forEach((p, i) => {
        const resolved = resolve(p, [...owner, "parameters", i]);
        declared.set(`${resolved.value.in}:${resolved.value.name}`, resolved);
      });
    }
    for (const { value, keys } of declared.values()) {
      const p = value as Parameter & Json;
      const raw =
        p.in === "path"
          ? pathValues[p.name] === undefined
            ? []
            : [pathValues[p.name] as string]
          : p.in === "query"
            ? url.searchParams.getAll(p.name)
            : p.in === "header"
              ? [request.headers.get(p.name)].filter((v): v is string => v !== null)
              : [cookies.get(p.name)].filter((v): v is string => v !== undefined);
      const at = `${p.in}.${p.name}`;
      if (raw.length === 0) {
        if (p.required) add("request", "parameter", at, "required parameter missing");
        continue;
      }
      const explode = p.explode ?? (p.style ?? (p.in === "query" || p.in === "cookie" ? "form" : "simple")) === "form";
      const schema = p.schema ? resolve(p.schema as Json, []).value : undefined;
      validate([...keys, "schema"], deserialise(raw, schema, explode), "request", "parameter", at);
    }

    // Security: any one alternative, each of whose schemes the request carries (scopes are the server's business).
    const alternatives = (operation.security ?? document.security ?? []) as Json[];
    if (
      alternatives.length &&
      !alternatives.some((alt) => Object.keys(alt).every((n) => credentialPresent(n, request, cookies)))
    ) {
      const named = (n: string) => (schemes[n]?.in === "cookie" ? `${n} (cookie ${String(schemes[n]?.name)})` : n);
      const wanted = alternatives
        .map((alt) => Object.keys(alt).map(named).join(" + "))
        .filter((s, i, all) => all.indexOf(s) === i);
      add("request", "security", "credentials", `none of: ${wanted.join(" | ")}`);
    }

    // Request body, by its content type.
    const sent = await request.clone().text();
    const body = operation.requestBody ? resolve(operation.requestBody, [...opKeys, "requestBody"]) : undefined;
    if (!body) {
      if (sent) add("request", "request-body", "body", "the operation documents no request body");
    } else if (!sent) {
      if (body.value.required) add("request", "request-body", "body", "required request body missing");
    } else {
      const type = mediaType(request.headers.get("Content-Type"));
      const media = (body.value.content ?? {}) as Media;
      if (!media[type])
        add("request", "request-body", `content-type ${type || "(none)"}`, `not one of ${Object.keys(media).join(", ")}`);
      else if (media[type].schema)
        checkBody(sent, type, [...body.keys, "content", type, "schema"], "request", "request-body", "body");
    }

    // The answer: status, headers, content type and body.
    const status = String(response.status);
    const responses = operation.responses;
    const key = [status, `${status[0]}XX`, "default"].find((k) => responses[k]);
    if (!key) {
      add("response", "status", status, `not documented (${Object.keys(responses).join(", ")})`);
      return found;
    }
    const documented = resolve(responses[key] as Json, [...opKeys, "responses", key]);
    for (const [name, header] of Object.entries((documented.value.headers ?? {}) as Record<string, Json>)) {
      if (name.toLowerCase() === "content-type") continue;
      const { value, keys } = resolve(header, [...documented.keys, "headers", name]);
      const got = response.headers.get(name);
      const at = `${status} header.${name}`;
      if (got === null) {
        if (value.required) add("response", "header", at, "required header missing");
      } else if (value.schema) {
        validate(
          [...keys, "schema"],
          deserialise([got], resolve(value.schema as Json, []).value, false),
          "response",
          "header",
          at,
        );
      }
    }
    const text = await response.clone().text();
    const media = documented.value.content as Media | undefined;
    const type = mediaType(response.headers.get("Content-Type"));
    if (!media) {
      if (text) add("response", "content-type", status, `a body (${type || "no content type"}) where none is documented`);
    } else if (!media[type]) {
      add("response", "content-type", status, `${type || "(none)"} is not one of ${Object.keys(media).join(", ")}`);
    } else if (media[type].schema) {
      checkBody(text, type, [...documented.keys, "content", type, "schema"], "response", "response-body", `${status} body`);
    }
    return found;

    function checkBody(
      text: string,
      type: string,
      keys: (string | number)[],
      side: Violation["side"],
      kind: ViolationKind,
      at: string,
    ) {
      if (!isJsonMedia(type)) return validate(keys, text, side, kind, at);
      let parsed: unknown;
      try {
        parsed = JSON.parse(text);
      } catch {
        return add(side, kind, at, "not JSON");
      }
      validate(keys, parsed, side, kind, at);
    }
  }

  return { operations, operationOf, checkExchange };
}

export type Contract = ReturnType<typeof contractOf>;

/** The contract of the document `fetch` serves at /api/openapi.json (the built Worker's own). */
export async function servedContract(fetch: (path: string) => Promise<Response>): Promise<Contract> {
  const res = await fetch("/api/openapi.json");
  if (res.status !== 200) throw new Error(`/api/openapi.json answered ${res.status}`);
  return contractOf((await res.json()) as Json);
}

/** `op kind at`: how a ratchet names a violation (the message may vary with the data). */
export const violationKey = (v: Pick<Violation, "op" | "kind" | "at">) => `${v.op} ${v.kind} ${v.at}`;
