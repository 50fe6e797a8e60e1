import type { ViolationKind } from "./helpers/contract";

/**
 * The ratchet of the contract runs (issue 36, helpers/contract.ts): what holding every request and
 * answer against /api/openapi.json finds today, by operation, kind and location. `runs` says which
 * file's run finds it: `driver` (api-contract.test.ts: every operation with valid input) and `matrix`
 * (authz-matrix.api.test.ts: every operation as every party; its refused cells count only the answer,
 * since they send what the contract refuses on purpose). A violation not listed fails its run, and so
 * does a listed one that run no longer finds: the list only shrinks, until it is empty (issue 36:
 * 0 violations either way).
 */

export type ContractRun = "driver" | "matrix";
export type KnownViolation = { op: string; kind: ViolationKind; at: string; runs: readonly ContractRun[]; why: string };

export const CONTRACT_KNOWN_VIOLATIONS: readonly KnownViolation[] = [
  // None (issue 36): the session cookie's name went with cookieAuthLocal (decision 157), and the world
  // plants a 43-character introduction token, as a real link carries.
];

/** Operations the driver has not yet answered with a 2xx, and why (each leaves once a case of valid input reaches it). */
export const CONTRACT_NO_SUCCESS_YET: readonly { op: string; why: string }[] = [];
