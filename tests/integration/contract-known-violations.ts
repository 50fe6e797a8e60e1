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

/** Why each kind of violation is there today, one line each. */
const WHY = {
  worldToken:
    "the world plants a row id as the introduction link token (helpers/world.ts), where real links carry the 43 characters the document asks; the driver's real-token case passes (the driver's, not the app's)",
} as const;

const BOTH: readonly ContractRun[] = ["driver", "matrix"];
const each = (kind: ViolationKind, at: string, runs: readonly ContractRun[], why: string, ops: string[]): KnownViolation[] =>
  ops.map((op) => ({ op, kind, at, runs, why }));

export const CONTRACT_KNOWN_VIOLATIONS: readonly KnownViolation[] = [
  ...each("parameter", "path.token", BOTH, WHY.worldToken, ["getIntroduction"]),
];

/** Operations the driver has not yet answered with a 2xx, and why (each leaves once a case of valid input reaches it). */
export const CONTRACT_NO_SUCCESS_YET: readonly { op: string; why: string }[] = [];
