import type { Database } from '../database';
import { hashSessionId } from './sessions';

/** The IdP's subject and session a console session came from (docs/auth-radius-saml.md#single-logout). */
export interface Saml2Subject {
  issuer: string;
  nameID: string;
  nameIDFormat: string;
  /** The assertion's SessionIndex, or '' when the IdP gave none. */
  sessionIndex: string;
}

/** Ties a new console session to the SAML2 sign-in it came from (migration 821; ends with the session). */
export async function linkSaml2Session(db: Database, sessionId: string, subject: Saml2Subject): Promise<void> {
  await db.run(
    `INSERT INTO saml2_sessions (session_hash, issuer, name_id, name_id_format, session_index)
     VALUES (?, ?, ?, ?, ?)`,
    [hashSessionId(sessionId), subject.issuer, subject.nameID, subject.nameIDFormat, subject.sessionIndex],
  );
}

/** The SAML2 sign-in of a console session, or null when it did not come from one. */
export async function saml2SubjectOf(db: Database, sessionId: string): Promise<Saml2Subject | null> {
  const row = await db.get<{ issuer: string; name_id: string; name_id_format: string; session_index: string }>(
    'SELECT issuer, name_id, name_id_format, session_index FROM saml2_sessions WHERE session_hash = ?',
    [hashSessionId(sessionId)],
  );
  return row
    ? {
        issuer: row.issuer,
        nameID: row.name_id,
        nameIDFormat: row.name_id_format,
        sessionIndex: row.session_index,
      }
    : null;
}

/**
 * Ends every console session that came from the IdP `issuer` for `nameID` — only those of `sessionIndexes`
 * when the LogoutRequest names some. In the database, so sessions of every instance end. Returns how many.
 */
export async function endSaml2Sessions(
  db: Database,
  issuer: string,
  nameID: string,
  sessionIndexes: readonly string[],
): Promise<number> {
  const byIndex =
    sessionIndexes.length === 0 ? '' : ` AND session_index IN (${sessionIndexes.map(() => '?').join(', ')})`;
  const result = await db.run(
    `DELETE FROM sessions WHERE id_hash IN (
       SELECT session_hash FROM saml2_sessions WHERE issuer = ? AND name_id = ?${byIndex})`,
    [issuer, nameID, ...sessionIndexes],
  );
  return result.changes;
}
