import type { Lang } from '../../http/language';
import type { Database } from '../database';

const LANGS: readonly string[] = ['zh', 'en', 'ja'];

/** Keeps the language a user signed in with (docs/mail.md#languages). */
export async function rememberUserLanguage(db: Database, userId: string, language: Lang): Promise<void> {
  await db.run(
    `INSERT INTO user_languages (user_id, language) VALUES (?, ?)
     ON CONFLICT (user_id) DO UPDATE SET language = excluded.language`,
    [userId, language],
  );
}

/** The language a user last signed in with, or null when he never signed in. */
export async function findUserLanguage(db: Database, userId: string): Promise<Lang | null> {
  const row = await db.get<{ language: string }>('SELECT language FROM user_languages WHERE user_id = ?', [
    userId,
  ]);
  return row && LANGS.includes(row.language) ? (row.language as Lang) : null;
}
