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
  {
    // Owned by server/src/notifications; a distinct id so that other modules' migrations never collide.
    id: 101,
    name: 'notifications: site messages and their per-user delivery',
    sql: `
      CREATE TABLE site_messages (
        id TEXT PRIMARY KEY,
        subject TEXT NOT NULL,
        message TEXT NOT NULL,
        sender_id TEXT REFERENCES users(id) ON DELETE SET NULL,
        date_created INTEGER NOT NULL
      );
      CREATE TABLE site_message_users (
        message_id TEXT NOT NULL REFERENCES site_messages(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        has_read INTEGER NOT NULL DEFAULT 0,
        read_at INTEGER,
        date_updated INTEGER NOT NULL,
        PRIMARY KEY (message_id, user_id)
      );
      CREATE INDEX site_message_users_inbox ON site_message_users (user_id, has_read);
    `,
  },
  {
    // Owned by server/src/seed: which one-off data sets were loaded (BASTION_DEMO=1 seeds the demo once).
    id: 201,
    name: 'seed: markers of loaded data sets',
    sql: `
      CREATE TABLE seed_markers (
        name TEXT PRIMARY KEY,
        applied_at INTEGER NOT NULL
      );
    `,
  },
  {
    id: 2,
    name: 'permissions of custom roles',
    sql: `
      -- Codes, not numeric ids: the API's permission ids are positions in the catalogue, which may grow.
      CREATE TABLE role_permissions (
        role_id TEXT NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        code TEXT NOT NULL,
        PRIMARY KEY (role_id, code)
      );
    `,
  },
  {
    // Owned by server/src/auth (access keys, HTTP-signature replay records, temporary passwords).
    id: 301,
    name: 'authentication: access keys, signature replay records, temp tokens',
    sql: `
      -- Secrets are sealed with the data dir's credentials.key (auth/secret-box.ts), never stored in clear.
      CREATE TABLE access_keys (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        secret_sealed TEXT NOT NULL,
        is_active INTEGER NOT NULL DEFAULT 1,
        date_created INTEGER NOT NULL
      );
      CREATE INDEX access_keys_user ON access_keys (user_id, date_created);
      -- A signature is accepted once: its digest is kept for the Date freshness window.
      CREATE TABLE signature_replays (
        digest TEXT PRIMARY KEY,
        expires_at INTEGER NOT NULL
      );
      CREATE INDEX signature_replays_expiry ON signature_replays (expires_at);
      CREATE TABLE temp_tokens (
        id TEXT PRIMARY KEY,
        user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        secret_sealed TEXT NOT NULL,
        verified INTEGER NOT NULL DEFAULT 0,
        date_created INTEGER NOT NULL,
        date_updated INTEGER NOT NULL,
        date_verified INTEGER,
        date_expired INTEGER NOT NULL
      );
      CREATE INDEX temp_tokens_user ON temp_tokens (user_id, date_created);
      CREATE INDEX temp_tokens_expiry ON temp_tokens (date_expired);
    `,
  },
];
