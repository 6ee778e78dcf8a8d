import type { ColumnTypes, DialectName } from './dialect';

/**
 * Numbered schema migrations of the hand-written tables (the engine derives the tables of declared
 * resources itself: engine/storage). Append only: a released migration is never edited, a change is a new
 * entry. Each is written once for both backends with the dialect's column types; `only` limits one to a
 * backend. Times are integer milliseconds since the epoch (UTC), booleans 0/1.
 */
export interface Migration {
  id: number;
  name: string;
  only?: DialectName;
  sql(t: ColumnTypes): string;
}

export const MIGRATIONS: readonly Migration[] = [
  {
    id: 1,
    name: 'orgs, users, roles, role bindings, sessions, login lock-out',
    sql: (t) => `
      CREATE TABLE orgs (
        id ${t.text} PRIMARY KEY,
        name ${t.text} NOT NULL UNIQUE,
        comment ${t.text} NOT NULL DEFAULT '',
        created_by ${t.text} NOT NULL DEFAULT '',
        date_created ${t.bigint} NOT NULL
      );
      CREATE TABLE roles (
        id ${t.text} PRIMARY KEY,
        name ${t.text} NOT NULL,
        scope ${t.text} NOT NULL CHECK (scope IN ('system', 'org')),
        builtin ${t.boolean} NOT NULL DEFAULT 0,
        comment ${t.text} NOT NULL DEFAULT '',
        created_by ${t.text} NOT NULL DEFAULT '',
        date_created ${t.bigint} NOT NULL,
        date_updated ${t.bigint} NOT NULL,
        UNIQUE (name, scope)
      );
      CREATE TABLE users (
        id ${t.text} PRIMARY KEY,
        username ${t.text} NOT NULL UNIQUE,
        name ${t.text} NOT NULL,
        email ${t.text} NOT NULL UNIQUE,
        password_hash ${t.text} NOT NULL DEFAULT '',
        wechat ${t.text} NOT NULL DEFAULT '',
        phone ${t.text},
        mfa_level ${t.integer} NOT NULL DEFAULT 0,
        source ${t.text} NOT NULL DEFAULT 'local',
        need_update_password ${t.boolean} NOT NULL DEFAULT 0,
        is_service_account ${t.boolean} NOT NULL DEFAULT 0,
        is_active ${t.boolean} NOT NULL DEFAULT 1,
        is_first_login ${t.boolean} NOT NULL DEFAULT 1,
        date_expired ${t.bigint} NOT NULL,
        date_joined ${t.bigint} NOT NULL,
        last_login ${t.bigint},
        date_password_last_updated ${t.bigint},
        created_by ${t.text} NOT NULL DEFAULT '',
        comment ${t.text} NOT NULL DEFAULT ''
      );
      CREATE TABLE role_bindings (
        id ${t.text} PRIMARY KEY,
        user_id ${t.text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        role_id ${t.text} NOT NULL REFERENCES roles(id) ON DELETE RESTRICT,
        scope ${t.text} NOT NULL CHECK (scope IN ('system', 'org')),
        org_id ${t.text} REFERENCES orgs(id) ON DELETE CASCADE,
        date_created ${t.bigint} NOT NULL,
        CHECK ((scope = 'system' AND org_id IS NULL) OR (scope = 'org' AND org_id IS NOT NULL))
      );
      -- NULL org ids never collide in a plain UNIQUE, hence the expression index.
      CREATE UNIQUE INDEX role_bindings_unique ON role_bindings (user_id, role_id, COALESCE(org_id, ''));
      CREATE INDEX role_bindings_org ON role_bindings (org_id, user_id);
      CREATE TABLE sessions (
        id_hash ${t.text} PRIMARY KEY,
        user_id ${t.text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        csrf_token ${t.text} NOT NULL,
        client_ip ${t.text} NOT NULL,
        date_created ${t.bigint} NOT NULL,
        expires_at ${t.bigint} NOT NULL
      );
      CREATE INDEX sessions_expiry ON sessions (expires_at);
      CREATE TABLE login_failures (
        scope ${t.text} NOT NULL,
        key ${t.text} NOT NULL,
        count ${t.integer} NOT NULL,
        expires_at ${t.bigint} NOT NULL,
        PRIMARY KEY (scope, key)
      );
      CREATE TABLE login_blocks (
        scope ${t.text} NOT NULL,
        key ${t.text} NOT NULL,
        until ${t.bigint} NOT NULL,
        PRIMARY KEY (scope, key)
      );
    `,
  },
  {
    // Owned by server/src/notifications; a distinct id so that other modules' migrations never collide.
    id: 101,
    name: 'notifications: site messages and their per-user delivery',
    sql: (t) => `
      CREATE TABLE site_messages (
        id ${t.text} PRIMARY KEY,
        subject ${t.text} NOT NULL,
        message ${t.text} NOT NULL,
        sender_id ${t.text} REFERENCES users(id) ON DELETE SET NULL,
        date_created ${t.bigint} NOT NULL
      );
      CREATE TABLE site_message_users (
        message_id ${t.text} NOT NULL REFERENCES site_messages(id) ON DELETE CASCADE,
        user_id ${t.text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        has_read ${t.boolean} NOT NULL DEFAULT 0,
        read_at ${t.bigint},
        date_updated ${t.bigint} NOT NULL,
        PRIMARY KEY (message_id, user_id)
      );
      CREATE INDEX site_message_users_inbox ON site_message_users (user_id, has_read);
    `,
  },
  {
    // Owned by server/src/seed: which one-off data sets were loaded (BASTION_DEMO=1 seeds the demo once).
    id: 201,
    name: 'seed: markers of loaded data sets',
    sql: (t) => `
      CREATE TABLE seed_markers (
        name ${t.text} PRIMARY KEY,
        applied_at ${t.bigint} NOT NULL
      );
    `,
  },
  {
    id: 2,
    name: 'permissions of custom roles',
    sql: (t) => `
      -- Codes, not numeric ids: the API's permission ids are positions in the catalogue, which may grow.
      CREATE TABLE role_permissions (
        role_id ${t.text} NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
        code ${t.text} NOT NULL,
        PRIMARY KEY (role_id, code)
      );
    `,
  },
  {
    // Owned by server/src/auth (access keys, HTTP-signature replay records, temporary passwords).
    id: 301,
    name: 'authentication: access keys, signature replay records, temp tokens',
    sql: (t) => `
      -- Secrets are sealed with the data dir's credentials.key (auth/secret-box.ts), never stored in clear.
      CREATE TABLE access_keys (
        id ${t.text} PRIMARY KEY,
        user_id ${t.text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        secret_sealed ${t.text} NOT NULL,
        is_active ${t.boolean} NOT NULL DEFAULT 1,
        date_created ${t.bigint} NOT NULL
      );
      CREATE INDEX access_keys_user ON access_keys (user_id, date_created);
      -- A signature is accepted once: its digest is kept for the Date freshness window.
      CREATE TABLE signature_replays (
        digest ${t.text} PRIMARY KEY,
        expires_at ${t.bigint} NOT NULL
      );
      CREATE INDEX signature_replays_expiry ON signature_replays (expires_at);
      CREATE TABLE temp_tokens (
        id ${t.text} PRIMARY KEY,
        user_id ${t.text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        secret_sealed ${t.text} NOT NULL,
        verified ${t.boolean} NOT NULL DEFAULT 0,
        date_created ${t.bigint} NOT NULL,
        date_updated ${t.bigint} NOT NULL,
        date_verified ${t.bigint},
        date_expired ${t.bigint} NOT NULL
      );
      CREATE INDEX temp_tokens_user ON temp_tokens (user_id, date_created);
      CREATE INDEX temp_tokens_expiry ON temp_tokens (date_expired);
    `,
  },
  {
    // The search indexes of declared resources (engine/storage) use trigram GIN indexes.
    id: 400,
    name: 'postgres: the pg_trgm extension',
    only: 'postgres',
    sql: () => `CREATE EXTENSION IF NOT EXISTS pg_trgm;`,
  },
  {
    // Owned by server/src/data: what several instances on one database share instead of process memory.
    id: 401,
    name: 'shared state: spm cache, task logs and read marks, task owners, periodic job claims',
    sql: (t) => `
      -- The spm resource cache (docs/http.md#lists): ids per key and user, for 300 s.
      CREATE TABLE resource_cache (
        spm ${t.text} PRIMARY KEY,
        user_id ${t.text} NOT NULL,
        ids ${t.json} NOT NULL,
        expires_at ${t.bigint} NOT NULL
      );
      CREATE INDEX resource_cache_expiry ON resource_cache (expires_at);
      -- Task logs: appended lines, read from every instance (ops/task-log-store.ts).
      CREATE TABLE task_log_chunks (
        task_id ${t.text} NOT NULL,
        seq ${t.integer} NOT NULL,
        data ${t.text} NOT NULL,
        date_created ${t.bigint} NOT NULL,
        PRIMARY KEY (task_id, seq)
      );
      CREATE INDEX task_log_chunks_age ON task_log_chunks (date_created);
      -- Read positions of the HTTP log fallback (?mark=), per user and task.
      CREATE TABLE task_log_marks (
        mark ${t.text} PRIMARY KEY,
        user_id ${t.text} NOT NULL,
        task_id ${t.text} NOT NULL,
        position ${t.bigint} NOT NULL,
        expires_at ${t.bigint} NOT NULL
      );
      CREATE INDEX task_log_marks_expiry ON task_log_marks (expires_at);
      -- Which instance runs which task, and when each instance was last alive: runs of an instance that
      -- stopped are marked interrupted by the others (ops/task-runner.ts).
      CREATE TABLE task_instances (
        instance ${t.text} PRIMARY KEY,
        seen_at ${t.bigint} NOT NULL
      );
      CREATE TABLE task_run_instances (
        task_id ${t.text} PRIMARY KEY,
        instance ${t.text} NOT NULL
      );
      -- Periodic jobs: the instance that claims a period runs it (data/periodic-jobs.ts).
      CREATE TABLE job_claims (
        name ${t.text} PRIMARY KEY,
        claimed_at ${t.bigint} NOT NULL,
        claimed_by ${t.text} NOT NULL
      );
    `,
  },
  {
    // docs/auth.md#mfa: a user's TOTP secret (sealed, auth/secret-box.ts; NULL = none bound), the last time
    // step a code was accepted for (a code works once), and when a session last proved MFA.
    id: 450,
    name: 'mfa: users.otp_secret, users.otp_last_step, sessions.mfa_verified_at',
    sql: (t) => `
      ALTER TABLE users ADD COLUMN otp_secret ${t.text};
      ALTER TABLE users ADD COLUMN otp_last_step ${t.bigint};
      ALTER TABLE sessions ADD COLUMN mfa_verified_at ${t.bigint};
    `,
  },
  {
    // Owned by server/src/settings (docs/settings.md): one row per changed setting, the value as JSON.
    id: 700,
    name: 'system settings',
    sql: (t) => `
      CREATE TABLE settings (
        name ${t.text} PRIMARY KEY,
        category ${t.text} NOT NULL,
        value ${t.text} NOT NULL,
        updated_by ${t.text} NOT NULL DEFAULT '',
        date_updated ${t.bigint} NOT NULL
      );
    `,
  },
  {
    // A user's own SSH public key (the profile, docs/profile.md), next to the users table the engine owns.
    id: 701,
    name: 'user public keys',
    sql: (t) => `
      CREATE TABLE user_public_keys (
        user_id ${t.text} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        public_key ${t.text} NOT NULL,
        date_updated ${t.bigint} NOT NULL
      );
    `,
  },
  {
    // docs/auth.md#mfa-at-sign-in: a sign-in whose password was right and that waits for its MFA step (or
    // for the enrolment forced MFA demands). Keyed by a hash of the browser's random token, bound to one user,
    // short-lived; a new sign-in attempt from the browser replaces it.
    id: 710,
    name: 'pending sign-ins (MFA step)',
    sql: (t) => `
      CREATE TABLE login_pending (
        id_hash ${t.text} PRIMARY KEY,
        user_id ${t.text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        username ${t.text} NOT NULL,
        backend ${t.text} NOT NULL,
        next_url ${t.text} NOT NULL,
        enrol_secret ${t.text},
        expires_at ${t.bigint} NOT NULL
        );
      `,
    },
    {
    // Outgoing mail, durable until sent (docs/mail.md#the-queue): bodies sealed, claimed by one instance.
    id: 800,
    name: 'mail queue',
    sql: (t) => `
      CREATE TABLE mail_queue (
        id ${t.text} PRIMARY KEY,
        kind ${t.text} NOT NULL,
        recipients ${t.text} NOT NULL,
        sealed_body ${t.text} NOT NULL,
        status ${t.text} NOT NULL,
        attempts ${t.integer} NOT NULL DEFAULT 0,
        next_attempt_at ${t.bigint} NOT NULL,
        claimed_by ${t.text} NOT NULL DEFAULT '',
        claimed_until ${t.bigint} NOT NULL DEFAULT 0,
        last_error ${t.text} NOT NULL DEFAULT '',
        created_at ${t.bigint} NOT NULL,
        sent_at ${t.bigint}
      );
      CREATE INDEX mail_queue_due ON mail_queue (status, next_attempt_at);
    `,
  },
  {
    // Password reset links (docs/mail.md#password-reset-links): only the token's hash is kept.
    id: 801,
    name: 'password reset tokens',
    sql: (t) => `
      CREATE TABLE password_reset_tokens (
        token_hash ${t.text} PRIMARY KEY,
        user_id ${t.text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        expires_at ${t.bigint} NOT NULL,
        used_at ${t.bigint}
      );
      CREATE INDEX password_reset_tokens_user ON password_reset_tokens (user_id);
    `,
  },
  {
    // SAML2 requests whose answer was consumed (docs/auth-radius-saml.md#checks): a response is accepted
    // once, on every instance of the database, until its request would have expired anyway.
    id: 820,
    name: 'saml2 consumed requests',
    sql: (t) => `
      CREATE TABLE saml2_consumed_requests (
        request_id ${t.text} PRIMARY KEY,
        expires_at ${t.bigint} NOT NULL
      );
    `,
  },
  {
    // docs/auth-radius-saml.md#single-logout: the IdP's subject and session each console session came from,
    // so a LogoutRequest from the IdP ends exactly those sessions on every instance; gone with the session.
    id: 821,
    name: 'saml2 sessions',
    sql: (t) => `
      CREATE TABLE saml2_sessions (
        session_hash ${t.text} PRIMARY KEY REFERENCES sessions(id_hash) ON DELETE CASCADE,
        issuer ${t.text} NOT NULL,
        name_id ${t.text} NOT NULL,
        name_id_format ${t.text} NOT NULL,
        session_index ${t.text} NOT NULL
      );
      CREATE INDEX saml2_sessions_subject ON saml2_sessions (issuer, name_id);
    `,
  },
  {
    // Password-expiry reminders sent (docs/mail.md#password-expiry-reminders): one per user and day.
    id: 802,
    name: 'password expiry reminders',
    sql: (t) => `
      CREATE TABLE password_expiry_reminders (
        user_id ${t.text} NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        day ${t.text} NOT NULL,
        PRIMARY KEY (user_id, day)
      );
    `,
  },
  {
    // The imported licence (docs/licence.md): one row (id 1), the file's text as imported, verified again
    // whenever it is read, so every instance on the database follows an import.
    id: 711,
    name: 'imported licence',
    sql: (t) => `
      CREATE TABLE licences (
        id ${t.integer} PRIMARY KEY CHECK (id = 1),
        content ${t.text} NOT NULL,
        imported_by ${t.text} NOT NULL DEFAULT '',
        date_imported ${t.bigint} NOT NULL
      );
    `,
  },
  {
    // The language each user last signed in with: mails are written in it (docs/mail.md#languages).
    id: 803,
    name: 'user languages',
    sql: (t) => `
      CREATE TABLE user_languages (
        user_id ${t.text} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        language ${t.text} NOT NULL
      );
    `,
  },
  {
    // The console's own images (docs/interface.md): logos, favicon and login image uploaded on the settings
    // page, in the database so that every instance serves them. Base64 text: both backends, no blob type.
    id: 740,
    name: 'interface images',
    sql: (t) => `
      CREATE TABLE interface_images (
        slot ${t.text} PRIMARY KEY,
        content_type ${t.text} NOT NULL,
        data ${t.text} NOT NULL,
        digest ${t.text} NOT NULL,
        size ${t.integer} NOT NULL,
        updated_by ${t.text} NOT NULL DEFAULT '',
        date_updated ${t.bigint} NOT NULL
      );
    `,
  },
  {
    // Message subscriptions (docs/message-subscriptions.md): who receives each system message over which
    // channels, and each user's own channels. Lists are JSON arrays of ids / channel names.
    id: 741,
    name: 'message subscriptions',
    sql: (t) => `
      CREATE TABLE system_msg_subscriptions (
        message_type ${t.text} PRIMARY KEY,
        users ${t.text} NOT NULL,
        groups ${t.text} NOT NULL,
        roles ${t.text} NOT NULL,
        receive_backends ${t.text} NOT NULL,
        date_updated ${t.bigint} NOT NULL
      );
      CREATE TABLE user_msg_subscriptions (
        user_id ${t.text} PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
        receive_backends ${t.text} NOT NULL,
        date_updated ${t.bigint} NOT NULL
      );
    `,
  },
  {
    // docs/auth-im-sms.md#qr-sign-in-and-binding: the provider user id a user bound for each IM source;
    // one user per provider id (NULL = not bound, any number of those).
    id: 830,
    name: 'users.wecom_id, users.dingtalk_id, users.feishu_id',
    sql: (t) => `
      ALTER TABLE users ADD COLUMN wecom_id ${t.text};
      ALTER TABLE users ADD COLUMN dingtalk_id ${t.text};
      ALTER TABLE users ADD COLUMN feishu_id ${t.text};
      CREATE UNIQUE INDEX users_wecom_id ON users (wecom_id);
      CREATE UNIQUE INDEX users_dingtalk_id ON users (dingtalk_id);
      CREATE UNIQUE INDEX users_feishu_id ON users (feishu_id);
    `,
  },
  {
    // docs/auth.md#codes-by-text-message: the text-message code of a pending sign-in (sealed), when it
    // stops counting, and when the last one was sent (the cool-down between two).
    id: 831,
    name: 'login_pending: text-message code',
    sql: (t) => `
      ALTER TABLE login_pending ADD COLUMN sms_code ${t.text};
      ALTER TABLE login_pending ADD COLUMN sms_expires_at ${t.bigint};
      ALTER TABLE login_pending ADD COLUMN sms_sent_at ${t.bigint};
    `,
  },
];

/** The migrations of one backend, in the order they apply. */
export function migrationsFor(dialect: DialectName, list: readonly Migration[] = MIGRATIONS): Migration[] {
  return list.filter((m) => m.only === undefined || m.only === dialect).sort((a, b) => a.id - b.id);
}
