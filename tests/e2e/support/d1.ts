// Setup the screens do not offer (time passing, a planted introduction link), run by the end-to-end
// server's own Worker (support/e2e-worker.ts) in one D1 batch. Never open the local D1 file from the
// test process: the app's queries fail with SQLITE_BUSY while another process holds its lock.

export const E2E_SQL_PATH = "/__e2e/sql";

export type E2eStatement = { sql: string; args?: (string | number | null)[] };

/** Runs the statements as one batch (one transaction) and returns each one's rows. */
export async function e2eSql(statements: E2eStatement[]): Promise<Record<string, unknown>[][]> {
  const response = await fetch(`http://127.0.0.1:${process.env.E2E_PORT ?? "8799"}${E2E_SQL_PATH}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ statements }),
  });
  if (!response.ok) throw new Error(`e2e setup SQL failed (${response.status}): ${await response.text()}`);
  return ((await response.json()) as { rows: Record<string, unknown>[] }[]).map((r) => r.rows);
}

/**
 * Plants the referred person's consent on a referral (issue 33: approving and completing need it), as
 * for a referral from before consent existed; the consent flow itself is tested in introductions.spec
 * and consent-lifecycle.spec.
 */
export async function giveConsent(referralId: number) {
  await e2eSql([
    { sql: "update referrals set consent_status = 'given', consent_decided_at = ? where id = ?", args: [Date.now(), referralId] },
  ]);
}
