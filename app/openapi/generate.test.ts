import { describe, expect, test, vi } from "vitest";
import { z } from "zod";
import { defineContract } from "~/http/api-contract";
import { buildDocument } from "./build";
import { collectOperations } from "./generate";

/** A contract as an /api route module declares it, with a spy on its docs. */
function thingContract(path = "/api/things/{id}", operationId = "getThing") {
  const docs = vi.fn(() => ({
    summary: "Get a thing",
    description: "A thing, by its id.",
    success: { status: 200 as const, description: "The thing", schema: z.object({ id: z.int() }), example: { id: 1 } },
    errors: { 404: [["No such thing", "Thing not found"]] as [string, string][] },
  }));
  const contract = defineContract(path, {
    get: { operationId, tag: "Admin", auth: { kind: "session", admin: true }, path_params: { id: "The thing's id" }, docs },
  });
  return { contract, docs };
}

describe("generating the document from the routes' contracts", () => {
  test("declaring a contract builds none of its documentation; collecting it does", () => {
    const { contract, docs } = thingContract();
    expect(docs).not.toHaveBeenCalled();
    const operations = collectOperations([{ file: "api.things.$id.ts", module: { contract } }]);
    expect(docs).toHaveBeenCalledOnce();
    expect(operations).toMatchObject([
      { method: "get", path: "/api/things/{id}", operationId: "getThing", summary: "Get a thing" },
    ]);
  });

  test("a contract's operation lands in the document", () => {
    const { contract } = thingContract();
    const document = buildDocument(collectOperations([{ file: "api.things.$id.ts", module: { contract } }]));
    const get = document.paths?.["/api/things/{id}"]?.get;
    expect(get).toMatchObject({ operationId: "getThing", summary: "Get a thing", tags: ["Admin"] });
    expect(Object.keys(get?.responses ?? {})).toEqual(expect.arrayContaining(["200", "404"]));
  });

  test("every endpoint file declares a contract", () => {
    expect(() => collectOperations([{ file: "api.referrals.ts", module: {} }])).toThrow(
      "api.referrals.ts is an /api endpoint but exports no contract",
    );
  });

  test("a contract must be its own file's path", () => {
    const { contract } = thingContract("/api/things/{thingId}");
    expect(() => collectOperations([{ file: "api.things.$id.ts", module: { contract } }])).toThrow(
      "api.things.$id.ts declares the contract of /api/things/{thingId}, but answers /api/things/{id}",
    );
  });

  test("each METHOD path and each operationId comes from exactly one place", () => {
    const { contract: login } = thingContract("/api/auth/login", "login");
    const loginFile = { file: "api.auth.login.ts", module: { contract: { ...login, post: login.get, get: undefined } } };
    // Two files whose templates agree (a path, and its twin with a differently named parameter file) clash.
    const { contract: samePath } = thingContract("/api/auth/login", "anotherLogin");
    const twin = { file: "api.auth.login[].ts", module: { contract: { ...samePath, post: samePath.get, get: undefined } } };
    expect(() => collectOperations([loginFile, twin])).toThrow(
      "POST /api/auth/login is declared twice: login (POST /api/auth/login) and anotherLogin (POST /api/auth/login)",
    );
    const { contract: sameId } = thingContract("/api/things/{id}", "login");
    expect(() => collectOperations([loginFile, { file: "api.things.$id.ts", module: { contract: sameId } }])).toThrow(
      "operationId login is declared twice: login (POST /api/auth/login) and login (GET /api/things/{id})",
    );
  });
});
