/**
 * Numbered schema migrations. Append only: a released migration is never edited, a change is a new entry.
 * Times are stored as integer milliseconds since the epoch (UTC) so that comparisons stay numeric.
 */
export interface Migration {
  id: number;
  name: string;
  sql: string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'orgs, users, roles, role bindings, sessions, login lock-out',
    sql: `
      CREATE TABLE orgs (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        comment TEXT NOT NULL DEFAULT '',
        created_by TEXT NOT NULL DEFAULT '',
        date_created INTEGER NOT NULL
      );
      CREATE TABLE roles (
        id TEXT PRIMARY KEY,
        name TEXT NOT NULL,
        scope TEXT NOT NULL CHECK (scope IN ('system', 'org')),
        builtin INTEGER NOT NULL DEFAULT 0,
        comment TEXT NOT NULL DEFAULT '',
        created_by TEXT NOT NULL DEFAULT '',
        date_created INTEGER NOT NULL,
        date_updated INTEGER NOT NULL,
        UNIQUE (name, scope)
      );
      CREATE TABLE users (
        id TEXT PRIMARY KEY,
        username TEXT NOT NULL UNIQUE,
        name TEXT NOT NULL,
        email TEXT NOT NULL UNIQUE,
        password_hash TEXT NOT NULL DEFAULT '',
        wechat TEXT NOT NULL DEFAULT '',
        phone TEXT,
        mfa_level INTEGER NOT NULL DEFAULT 0,
        source TEXT NOT NULL DEFAULT 'local',
        need_update_password INTEGER NOT NULL DEFAULT 0,
        is_service_account INTEGER NOT NULL DEFAULT 0,
        is_active INTEGER NOT NULL DEFAULT 1,
        is_first_login INTEGER NOT NULL DEFAULT 1,
        date_expired INTEGER NOT NULL,
        date_joined INTEGER NOT NULL,
        last_login INTEGER,
        date_password_last_updated INTEGER,
        created_by TEXT NOT NULL DEFAULT '',
        comment TEXT NOT NULL DEFAULT ''
      );
      CREATE TABLE role_bindings (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE RESTRICT,
        scope TEXT NOT NULL CHECK (scope IN ('system', 'org')),
        org_id TEXT REFERENCES orgs(id) ON DELETE CASCADE,
        date_created INTEGER NOT NULL,
        CHECK ((scope = 'system' AND org_id IS NULL) OR (scope = 'org' AND org_id IS NOT NULL))
      );
      -- NULL org ids never collide in a plain UNIQUE, hence the expression index.
      CREATE UNIQUE INDEX role_bindings_unique ON role_bindings (user_id, role_id, COALESCE(org_id, ''));
      CREATE INDEX role_bindings_org ON role_bindings (org_id, user_id);
      CREATE TABLE sessions (
        id_hash TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token TEXT NOT NULL,
        client_ip TEXT NOT NULL,
        date_created INTEGER NOT NULL,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX sessions_expiry ON sessions (expires_at);
      CREATE TABLE login_failures (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        count INTEGER NOT NULL,
        expires_at INTEGER NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE TABLE login_blocks (
        scope TEXT NOT NULL,
        key TEXT NOT NULL,
        until INTEGER NOT NULL,
        PRIMARY KEY (scope, key)
      );
    `,
  },
];
