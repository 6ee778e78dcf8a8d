import type { ServerConfig } from '../config';

/** The login page's and the console's title until an administrator sets one (the interface settings). */
export const DEFAULT_LOGIN_TITLE = 'Bastion Console';

/** The e-mail domain of users created without an address until an administrator sets one, as v2.21's. */
export const DEFAULT_EMAIL_SUFFIX = 'example.com';

/**
 * Every editable system setting, declared once (docs/settings.md#categories): its category, kind, bounds
 * and default. The settings API validates with it, the store keeps only changed values, and the readers
 * (settings-values.ts) fill in the defaults. A setting is listed here only once something acts on it.
 */
export type SettingKind =
  | { type: 'boolean' }
  | { type: 'integer'; min: number; max: number }
  | { type: 'string'; maxLength: number }
  | { type: 'url'; maxLength: number }
  | { type: 'announcement' }
  /** Write-only: never answered, stored sealed, a blank or null keeps the stored one (docs/mail.md). */
  | { type: 'secret'; maxLength: number }
  /** An e-mail address or blank. */
  | { type: 'email' }
  /** ldap:// or ldaps:// (docs/ldap.md). */
  | { type: 'ldapUri' }
  /** `{username, name, email}` → directory attribute names (docs/ldap.md). */
  | { type: 'attrMap'; claims?: boolean }
  /** A host name or an IP address (docs/auth-radius-saml.md#radius). */
  | { type: 'host' }
  /**
   * Attribute name → the user field it fills, `name` or `email` (docs/auth-sources.md#cas); SAML2 also
   * `username`, and its attribute names may be URIs (docs/auth-radius-saml.md#settings).
   */
  | { type: 'renameMap'; targets?: readonly string[]; uriNames?: boolean }
  /** A JSON object (or its text); the category's own check reads its keys. */
  | { type: 'object' }
  /** A DNS domain of at least two labels, no IP address (docs/settings.md#other). */
  | { type: 'domain' }
  /** A CAS attribute name: `cas:user` (the ticket's own user) or an attribute, `mail`, `cas:mail`. */
  | { type: 'casAttribute' }
  /** One of a fixed list of strings. */
  | { type: 'choice'; values: readonly string[] }
  /** A regular expression (blank allowed) the components compile: refused unless it compiles. */
  | { type: 'regex'; maxLength: number };

export interface SettingField {
  kind: SettingKind;
  /** Required on PUT (a full replacement); PATCH may leave it out. */
  required?: boolean;
  default: (config: ServerConfig) => unknown;
}

export interface SettingCategory {
  /** The permission to read and to change it (docs/settings.md#permissions). */
  readPermission: string;
  writePermission: string;
  fields: Readonly<Record<string, SettingField>>;
  /**
   * A switch → the fields that must hold a value before it may be on (docs/auth-im-sms.md#settings): a
   * source turned on without its ids or secret would only fail at sign-in.
   */
  switches?: Readonly<Record<string, SwitchNeeds>>;
}

/** The fields a switch needs: a list, or a list chosen by the values (the SMS provider's keys). */
export type SwitchNeeds =
  readonly string[] | ((values: Readonly<Record<string, unknown>>) => readonly string[]);

const bool = (value: boolean): SettingField => ({ kind: { type: 'boolean' }, default: () => value });
const int = (min: number, max: number, value: number | ((c: ServerConfig) => number), required = false) => ({
  kind: { type: 'integer' as const, min, max },
  required,
  default: typeof value === 'number' ? () => value : value,
});

const text = (maxLength: number, value = '', required = false): SettingField => ({
  kind: { type: 'string', maxLength },
  required,
  default: () => value,
});
const oneOf = (values: readonly string[], value: string): SettingField => ({
  kind: { type: 'choice', values },
  default: () => value,
});
const secret = (maxLength = 1024): SettingField => ({
  kind: { type: 'secret', maxLength },
  default: () => '',
});

/** The SMS providers this server has a client for (server/src/im-sms/sms-clients.ts). */
export const SMS_BACKENDS = ['alibaba', 'tencent'] as const;

export const SETTING_CATEGORIES = {
  basic: {
    // v2.21 lets `settings.view_setting` write these too (a design weakness): here changing them needs
    // settings.change_other (docs/settings.md#permissions).
    readPermission: 'settings.view_setting',
    writePermission: 'settings.change_other',
    fields: {
      // The address of this console in links that leave it (mails): never taken from a request's Host
      // header, which a client chooses (docs/mail.md#links).
      SITE_URL: { kind: { type: 'url', maxLength: 256 }, default: () => '' },
      // The profile's guide_url: the console's user-guide link.
      USER_GUIDE_URL: { kind: { type: 'url', maxLength: 256 }, default: () => '' },
      // The workbench's announcement (public settings ANNOUNCEMENT_ENABLED / ANNOUNCEMENT).
      ANNOUNCEMENT_ENABLED: bool(false),
      ANNOUNCEMENT: {
        kind: { type: 'announcement' },
        default: () => ({ ID: '', SUBJECT: '', CONTENT: '', LINK: '' }),
      },
    },
  },
  // The Other page (docs/settings.md#other): the authenticator's issuer and window, the navbar's Help links,
  // the e-mail domain of users the sign-in sources create, the layout of the granted-assets tree.
  other: {
    readPermission: 'settings.change_other',
    writePermission: 'settings.change_other',
    fields: {
      // The domain of the e-mail given to a user a sign-in source creates without one (users/new-user-email.ts).
      EMAIL_SUFFIX: { kind: { type: 'domain' }, required: true, default: () => DEFAULT_EMAIL_SUFFIX },
      // The issuer name an authenticator app shows for the bound secret (auth/totp.ts).
      OTP_ISSUER_NAME: text(16, 'Bastion', true),
      // Time steps either side of now whose codes are accepted (auth/totp.ts).
      OTP_VALID_WINDOW: int(1, 10, 1, true),
      // The shell a Windows host's SSH session starts, told to the terminal components (terminal-config.ts).
      WINDOWS_SSH_DEFAULT_SHELL: oneOf(['cmd', 'powershell'], 'cmd'),
      // The navbar's Help menu (public settings).
      HELP_DOCUMENT_URL: {
        kind: { type: 'url', maxLength: 256 },
        default: () => 'https://docs.jumpserver.org/zh/v2.21.0/',
      },
      HELP_SUPPORT_URL: {
        kind: { type: 'url', maxLength: 256 },
        default: () => 'https://www.jumpserver.org/support/',
      },
      // Directly granted assets under one "Ungrouped" node of the user's granted tree (perms/granted-tree.ts).
      PERM_SINGLE_ASSET_TO_UNGROUP_NODE: bool(false),
    },
  },
  security: {
    readPermission: 'settings.change_security',
    writePermission: 'settings.change_security',
    fields: {
      SECURITY_PASSWORD_MIN_LENGTH: int(6, 30, 6, true),
      SECURITY_ADMIN_USER_PASSWORD_MIN_LENGTH: int(6, 30, 6, true),
      SECURITY_PASSWORD_UPPER_CASE: bool(false),
      SECURITY_PASSWORD_LOWER_CASE: bool(false),
      SECURITY_PASSWORD_NUMBER: bool(false),
      SECURITY_PASSWORD_SPECIAL_CHAR: bool(false),
      SECURITY_LOGIN_LIMIT_COUNT: int(3, 99999, (c) => c.loginLimits.userLimitCount),
      SECURITY_LOGIN_LIMIT_TIME: int(5, 99999, (c) => c.loginLimits.userLimitMinutes, true),
      SECURITY_LOGIN_IP_LIMIT_COUNT: int(1, 99999, (c) => c.loginLimits.ipLimitCount),
      SECURITY_LOGIN_IP_LIMIT_TIME: int(5, 99999, (c) => c.loginLimits.ipLimitMinutes, true),
      // Minutes without a request after which a console session ends (at most the session's lifetime).
      SECURITY_MAX_IDLE_TIME: int(1, 99999, 30),
      SESSION_EXPIRE_AT_BROWSER_CLOSE: bool(true),
      SECURITY_PASSWORD_EXPIRATION_TIME: int(1, 99999, 9999, true),
      // MFA at sign-in for 0 nobody but who chose it, 1 every user, 2 administrators (docs/auth.md#mfa-at-sign-in).
      SECURITY_MFA_AUTH: int(0, 2, 0),
      // Dangerous commands posted by terminal components alert the insecure_command subscribers
      // (notifications/insecure-command-messages.ts).
      SECURITY_INSECURE_COMMAND: bool(false),
      // Batch commands on hosts (docs/batch-commands.md): off refuses every run and hides the pages.
      SECURITY_COMMAND_EXECUTION: bool(true),
    },
  },
  // The SMTP server every mail leaves by (docs/mail.md).
  email: {
    readPermission: 'settings.change_email',
    writePermission: 'settings.change_email',
    fields: {
      EMAIL_HOST: text(1024, '', true),
      EMAIL_PORT: int(1, 65535, 25, true),
      EMAIL_HOST_USER: text(128, '', true),
      EMAIL_HOST_PASSWORD: secret(),
      EMAIL_FROM: { kind: { type: 'email' }, default: () => '' },
      EMAIL_RECIPIENT: { kind: { type: 'email' }, default: () => '' },
      EMAIL_USE_SSL: bool(false),
      EMAIL_USE_TLS: bool(false),
      EMAIL_SUBJECT_PREFIX: text(1024, '[Bastion]', true),
    },
  },
  // The contents of the system's mails; blank parts use the built-in text (docs/mail.md#contents).
  email_content: {
    readPermission: 'settings.change_email',
    writePermission: 'settings.change_email',
    fields: {
      EMAIL_CUSTOM_USER_CREATED_SUBJECT: text(1024),
      EMAIL_CUSTOM_USER_CREATED_HONORIFIC: text(1024),
      EMAIL_CUSTOM_USER_CREATED_BODY: text(4096),
      EMAIL_CUSTOM_USER_CREATED_SIGNATURE: text(512),
      EMAIL_CUSTOM_RESET_PASSWORD_SUBJECT: text(1024),
      EMAIL_CUSTOM_RESET_PASSWORD_BODY: text(4096),
      EMAIL_CUSTOM_PASSWORD_EXPIRY_SUBJECT: text(1024),
      EMAIL_CUSTOM_PASSWORD_EXPIRY_BODY: text(4096),
    },
  },
  // Sign-in with the directory password, the directory's users and their sync (docs/ldap.md).
  ldap: {
    readPermission: 'settings.change_auth',
    writePermission: 'settings.change_auth',
    fields: {
      AUTH_LDAP: bool(false),
      AUTH_LDAP_SERVER_URI: {
        kind: { type: 'ldapUri' },
        required: true,
        default: () => 'ldap://localhost:389',
      },
      AUTH_LDAP_START_TLS: bool(false),
      AUTH_LDAP_BIND_DN: text(1024, 'cn=admin,dc=example,dc=org'),
      AUTH_LDAP_BIND_PASSWORD: secret(),
      AUTH_LDAP_SEARCH_OU: text(1024, 'ou=users,dc=example,dc=org'),
      AUTH_LDAP_SEARCH_FILTER: text(1024, '(cn=%(user)s)', true),
      AUTH_LDAP_USER_ATTR_MAP: {
        kind: { type: 'attrMap' },
        required: true,
        default: () => ({ username: 'cn', name: 'sn', email: 'mail' }),
      },
      AUTH_LDAP_SYNC_ORG_ID: text(64),
      AUTH_LDAP_SYNC_IS_PERIODIC: bool(false),
      AUTH_LDAP_SYNC_INTERVAL: int(1, 8760, 24),
      AUTH_LDAP_CONNECT_TIMEOUT: int(1, 300, 10),
      AUTH_LDAP_SEARCH_PAGED_SIZE: int(1, 5000, 1000),
    },
  },
  // Sign-in with a password checked by a RADIUS server (docs/auth-radius-saml.md#radius).
  radius: {
    readPermission: 'settings.change_auth',
    writePermission: 'settings.change_auth',
    fields: {
      AUTH_RADIUS: bool(false),
      RADIUS_SERVER: { kind: { type: 'host' }, required: true, default: () => 'localhost' },
      RADIUS_PORT: int(1, 65535, 1812, true),
      RADIUS_SECRET: secret(),
      OTP_IN_RADIUS: bool(false),
    },
  },
  // The Auth page's Basic tab: what the login page offers and where it redirects (docs/auth-sources.md).
  auth: {
    readPermission: 'settings.change_auth',
    writePermission: 'settings.change_auth',
    fields: {
      FORGOT_PASSWORD_URL: { kind: { type: 'url', maxLength: 1024 }, default: () => '' },
      LOGIN_REDIRECT_MSG_ENABLED: bool(true),
      // '' none, DIRECT never; a source's name: the login page goes there while that source is on.
      LOGIN_REDIRECT_TO_BACKEND: oneOf(['', 'OPENID', 'CAS', 'SAML2', 'DIRECT'], ''),
    },
  },
  // Sign-in with an OpenID Connect provider, generic or Keycloak (docs/auth-sources.md#openid-connect).
  oidc: {
    readPermission: 'settings.change_auth',
    writePermission: 'settings.change_auth',
    fields: {
      AUTH_OPENID: bool(false),
      BASE_SITE_URL: { kind: { type: 'url', maxLength: 1024 }, default: () => '' },
      AUTH_OPENID_KEYCLOAK: bool(false),
      AUTH_OPENID_SERVER_URL: { kind: { type: 'url', maxLength: 1024 }, default: () => '' },
      AUTH_OPENID_REALM_NAME: text(128),
      AUTH_OPENID_PROVIDER_ENDPOINT: { kind: { type: 'url', maxLength: 1024 }, default: () => '' },
      AUTH_OPENID_CLIENT_ID: text(256),
      AUTH_OPENID_CLIENT_SECRET: secret(),
      AUTH_OPENID_SCOPES: text(512, 'openid profile email'),
      AUTH_OPENID_CREATE_USER: bool(true),
      AUTH_OPENID_ALWAYS_UPDATE_USER: bool(true),
      AUTH_OPENID_USER_ATTR_MAP: {
        kind: { type: 'attrMap', claims: true },
        default: () => ({ username: 'preferred_username', name: 'name', email: 'email' }),
      },
      AUTH_OPENID_SHARE_SESSION: bool(true),
    },
  },
  // Sign-in through a CAS server, protocol 1, 2 or 3 (docs/auth-sources.md#cas).
  cas: {
    readPermission: 'settings.change_auth',
    writePermission: 'settings.change_auth',
    fields: {
      AUTH_CAS: bool(false),
      CAS_SERVER_URL: { kind: { type: 'url', maxLength: 1024 }, default: () => '' },
      CAS_ROOT_PROXIED_AS: { kind: { type: 'url', maxLength: 1024 }, default: () => '' },
      CAS_LOGOUT_COMPLETELY: bool(true),
      CAS_VERSION: int(1, 3, 3),
      CAS_USERNAME_ATTRIBUTE: { kind: { type: 'casAttribute' }, default: () => 'cas:user' },
      CAS_APPLY_ATTRIBUTES_TO_USER: bool(false),
      CAS_RENAME_ATTRIBUTES: { kind: { type: 'renameMap' }, default: () => ({}) },
      CAS_CREATE_USER: bool(true),
    },
    switches: { AUTH_CAS: ['CAS_SERVER_URL'] },
  },
  // Sign-in through a SAML2 identity provider (docs/auth-radius-saml.md#saml2); the metadata, key pair and
  // advanced settings are checked further on save (server/src/sso/saml2-settings.ts).
  saml2: {
    readPermission: 'settings.change_auth',
    writePermission: 'settings.change_auth',
    fields: {
      AUTH_SAML2: bool(false),
      SAML2_IDP_METADATA_URL: { kind: { type: 'url', maxLength: 1024 }, default: () => '' },
      SAML2_IDP_METADATA_XML: text(1_000_000),
      SAML2_SP_ADVANCED_SETTINGS: { kind: { type: 'object' }, default: () => ({}) },
      SAML2_SP_KEY_CONTENT: secret(16_384),
      SAML2_SP_CERT_CONTENT: secret(16_384),
      SAML2_RENAME_ATTRIBUTES: {
        kind: { type: 'renameMap', targets: ['username', 'name', 'email'], uriNames: true },
        default: () => ({ uid: 'username', email: 'email' }),
      },
      SAML2_LOGOUT_COMPLETELY: bool(true),
      AUTH_SAML2_ALWAYS_UPDATE_USER: bool(true),
    },
    switches: {
      AUTH_SAML2: (values) =>
        typeof values.SAML2_IDP_METADATA_URL === 'string' && values.SAML2_IDP_METADATA_URL !== ''
          ? ['SAML2_IDP_METADATA_URL']
          : ['SAML2_IDP_METADATA_XML'],
    },
  },
  // Sign-in by scanning a QR code with an instant-messaging app (docs/auth-im-sms.md).
  wecom: {
    readPermission: 'settings.change_auth',
    writePermission: 'settings.change_auth',
    fields: {
      AUTH_WECOM: bool(false),
      WECOM_CORPID: text(256, '', true),
      WECOM_AGENTID: text(256, '', true),
      WECOM_SECRET: secret(),
    },
    switches: { AUTH_WECOM: ['WECOM_CORPID', 'WECOM_AGENTID', 'WECOM_SECRET'] },
  },
  dingtalk: {
    readPermission: 'settings.change_auth',
    writePermission: 'settings.change_auth',
    fields: {
      AUTH_DINGTALK: bool(false),
      DINGTALK_AGENTID: text(256, '', true),
      DINGTALK_APPKEY: text(256, '', true),
      DINGTALK_APPSECRET: secret(),
    },
    switches: { AUTH_DINGTALK: ['DINGTALK_AGENTID', 'DINGTALK_APPKEY', 'DINGTALK_APPSECRET'] },
  },
  feishu: {
    readPermission: 'settings.change_auth',
    writePermission: 'settings.change_auth',
    fields: {
      AUTH_FEISHU: bool(false),
      FEISHU_APP_ID: text(256, '', true),
      FEISHU_APP_SECRET: secret(),
    },
    switches: { AUTH_FEISHU: ['FEISHU_APP_ID', 'FEISHU_APP_SECRET'] },
  },
  // Text messages (docs/auth-im-sms.md#settings): the switch and the provider; each provider's keys apart.
  sms: {
    readPermission: 'settings.change_sms',
    writePermission: 'settings.change_sms',
    fields: {
      SMS_ENABLED: bool(false),
      SMS_BACKEND: oneOf(SMS_BACKENDS, 'alibaba'),
    },
    // On only while the chosen provider's keys are saved (its own category on the same page).
    switches: {
      SMS_ENABLED: (values) =>
        values.SMS_BACKEND === 'tencent'
          ? [
              'TENCENT_SECRET_ID',
              'TENCENT_SECRET_KEY',
              'TENCENT_SDKAPPID',
              'TENCENT_VERIFY_SIGN_NAME',
              'TENCENT_VERIFY_TEMPLATE_CODE',
            ]
          : [
              'ALIBABA_ACCESS_KEY_ID',
              'ALIBABA_ACCESS_KEY_SECRET',
              'ALIBABA_VERIFY_SIGN_NAME',
              'ALIBABA_VERIFY_TEMPLATE_CODE',
            ],
    },
  },
  alibaba: {
    readPermission: 'settings.change_sms',
    writePermission: 'settings.change_sms',
    fields: {
      SMS_TEST_PHONE: text(32),
      ALIBABA_ACCESS_KEY_ID: text(256, '', true),
      ALIBABA_ACCESS_KEY_SECRET: secret(),
      ALIBABA_VERIFY_SIGN_NAME: text(256, '', true),
      ALIBABA_VERIFY_TEMPLATE_CODE: text(256, '', true),
    },
  },
  tencent: {
    readPermission: 'settings.change_sms',
    writePermission: 'settings.change_sms',
    fields: {
      SMS_TEST_PHONE: text(32),
      TENCENT_SECRET_ID: text(256, '', true),
      TENCENT_SECRET_KEY: secret(),
      TENCENT_SDKAPPID: text(256, '', true),
      TENCENT_VERIFY_SIGN_NAME: text(256, '', true),
      TENCENT_VERIFY_TEMPLATE_CODE: text(256, '', true),
    },
  },
  clean: {
    // Days each kind of record is kept; the daily retention job deletes what is older
    // (server/src/retention, docs/settings.md#clean).
    readPermission: 'settings.change_clean',
    writePermission: 'settings.change_clean',
    fields: {
      LOGIN_LOG_KEEP_DAYS: int(1, 9999, 200),
      TASK_LOG_KEEP_DAYS: int(1, 9999, 90),
      OPERATE_LOG_KEEP_DAYS: int(1, 9999, 200),
      FTP_LOG_KEEP_DAYS: int(1, 9999, 200),
      TERMINAL_SESSION_KEEP_DURATION: int(1, 99999, 200, true),
    },
  },
  // What the terminal components are told (docs/terminal-settings.md): the config endpoint hands these to
  // every component; the server itself enforces the two authentication switches and the heartbeat interval.
  terminal: {
    readPermission: 'settings.change_terminal',
    writePermission: 'settings.change_terminal',
    fields: {
      TERMINAL_PASSWORD_AUTH: bool(true),
      TERMINAL_PUBLIC_KEY_AUTH: bool(true),
      TERMINAL_ASSET_LIST_SORT_BY: oneOf(['hostname', 'ip'], 'hostname'),
      TERMINAL_ASSET_LIST_PAGE_SIZE: oneOf(['all', 'auto', '10', '15', '25', '50'], 'auto'),
      TERMINAL_TELNET_REGEX: { kind: { type: 'regex', maxLength: 1024 }, default: () => '' },
      TERMINAL_MAGNUS_ENABLED: bool(true),
      XRDP_ENABLED: bool(true),
      TERMINAL_KOKO_SSH_ENABLED: bool(true),
      // Seconds between two heartbeats of a component; four missed ones mark it offline.
      TERMINAL_HEARTBEAT_INTERVAL: int(5, 3600, 30),
    },
  },
  interface: {
    // The login title; the images live apart (server/src/xpack/interface-images.ts, docs/interface.md).
    readPermission: 'settings.view_setting',
    writePermission: 'settings.change_interface',
    fields: {
      LOGIN_TITLE: { kind: { type: 'string', maxLength: 1024 }, default: () => DEFAULT_LOGIN_TITLE },
    },
  },
} as const satisfies Record<string, SettingCategory>;

/** The write-only fields (docs/mail.md): never answered by the settings API. */
export const isSecretField = (field: SettingField): boolean => field.kind.type === 'secret';

export type SettingCategoryName = keyof typeof SETTING_CATEGORIES;

export const isSettingCategory = (name: string): name is SettingCategoryName =>
  Object.hasOwn(SETTING_CATEGORIES, name);

/** Every field of every category, by name. */
export const SETTING_FIELDS: ReadonlyMap<string, SettingField> = new Map(
  Object.values(SETTING_CATEGORIES).flatMap((category) =>
    Object.entries(category.fields as Record<string, SettingField>),
  ),
);
