import type { Database } from '../database';

/**
 * Marks the answer to a SAML2 request as consumed (migration 820): true for exactly one caller, so a
 * response posted a second time — by the same browser or by someone who captured it — is refused. Rows of
 * requests that can no longer be answered are dropped on the way.
 */
export async function consumeSaml2Request(
  db: Database,
  requestId: string,
  expiresAt: number,
  now = Date.now(),
): Promise<boolean> {
  await db.run('DELETE FROM saml2_consumed_requests WHERE expires_at < ?', [now]);
  const row = await db.get(
    `INSERT INTO saml2_consumed_requests (request_id, expires_at) VALUES (?, ?)
     ON CONFLICT (request_id) DO NOTHING RETURNING request_id`,
    [requestId, expiresAt],
  );
  return row !== undefined;
}
