import { expect } from "vitest";
import { CONTRACT_KNOWN_VIOLATIONS, type ContractRun } from "../contract-known-violations";
import { madeInBeforeAll, type TestApp } from "./app";
import { servedContract, type Violation, violationKey } from "./contract";

/**
 * Paths the authorization matrix calls that are not operations of the API document: the document
 * itself, its types and its page (they describe the API), and the catch-all's 404 for an unknown path.
 */
export const OUTSIDE_THE_DOCUMENT = new Set(["/api/openapi.json", "/api/openapi.d.ts", "/api/docs", "/api/no-such-endpoint"]);

/**
 * One test file's contract run (issue 36): every request it sends through `checked` is held against
 * the served document, and what is found is compared with the ratchet at the end.
 */
export function contractRun(app: TestApp, run: ContractRun) {
  const contract = madeInBeforeAll(() => servedContract(app.fetch));
  /** Each violation found, once per `op kind at` (the first example kept for the message). */
  const found = new Map<string, Violation>();
  /** Operations answered with a checked 2xx. */
  const succeeded = new Set<string>();
  let exchanges = 0;

  /**
   * Runs `send` and checks the last request it made and its answer. With `requestToo: false` only the
   * answer counts: a cell that is meant to be refused sends what the contract refuses on purpose
   * (no credentials, a key where keys are not taken, a body off its schema).
   */
  async function checked(send: () => Promise<Response>, { requestToo = true } = {}): Promise<Response> {
    let last: [Request, Response] | undefined;
    const stop = app.observe((request, response) => {
      last = [request, response];
    });
    let res: Response;
    try {
      res = await send();
    } finally {
      stop();
    }
    if (!last || OUTSIDE_THE_DOCUMENT.has(new URL(last[0].url).pathname)) return res;
    exchanges += 1;
    const violations = await contract.checkExchange(...last);
    for (const v of violations)
      if (requestToo || v.side === "response") found.set(violationKey(v), found.get(violationKey(v)) ?? v);
    const op = contract.operationOf(last[0]);
    if (op && res.status >= 200 && res.status < 300) succeeded.add(op);
    return res;
  }

  const listed = CONTRACT_KNOWN_VIOLATIONS.filter((k) => k.runs.includes(run));

  /** Nothing found beyond the ratchet. */
  function expectNothingNew() {
    const listedKeys = new Set(listed.map(violationKey));
    const fresh = [...found.entries()].filter(([key]) => !listedKeys.has(key)).map(([key, v]) => `${key}\n      ${v.message}`);
    expect(
      fresh.sort(),
      `New contract violations (${run}): fix the app or the document, or, if one must stay, list it in tests/integration/contract-known-violations.ts with why`,
    ).toEqual([]);
  }

  /** Every ratchet entry still found (only meaningful when the whole file ran). */
  function expectNothingGone() {
    const gone = listed.map(violationKey).filter((key) => !found.has(key));
    expect(
      gone.sort(),
      `Gone: delete these from tests/integration/contract-known-violations.ts (or drop "${run}" from their runs)`,
    ).toEqual([]);
  }

  return {
    contract,
    checked,
    expectNothingNew,
    expectNothingGone,
    succeeded: () => succeeded,
    exchanges: () => exchanges,
  };
}
