/**
 * The settings pages as data: each category of the settings API (docs/settings.md#categories) and the
 * fields its form shows, in order. Labels and help texts are keys of the plugin's locales
 * (`field.<NAME>` / `help.<NAME>`).
 */
export type SettingInput =
  | { name: string; type: 'switch' }
  | { name: string; type: 'number'; min: number; max: number }
  | { name: string; type: 'text' }
  | { name: string; type: 'announcement' }
  /** One of a few values, labelled by the locales' `choice.<NAME>.<value>`. */
  | { name: string; type: 'choice'; values: readonly (number | string)[] }

  /** Write-only: the server never answers it; left blank, the saved one stays. */
  | { name: string; type: 'password' }
  | { name: string; type: 'textarea' }
  /** An object edited as JSON text; the server parses and checks it. */
  | { name: string; type: 'json' };

export interface SettingGroup {
  /** i18n key of the group heading. */
  title: string;
  fields: readonly SettingInput[];
}

export interface SettingCategoryPage {
  category: string;
  path: string;
  title: string;
  icon: string;
  /** The permission that may change it (reading it needs settings.view_setting at least). */
  permission: string;
  groups: readonly SettingGroup[];
  /**
   * A panel under the form: the mail test, the preview of the mail contents, the LDAP tools, the RADIUS or
   * OIDC test, the Auth page's overview of sources, or the Test button of an IM source or SMS provider
   * (`/api/v1/settings/<category>/testing/`).
   */
  panel?: 'mailTest' | 'mailPreview' | 'ldap' | 'radius' | 'authSources' | 'oidcTest' | 'providerTest';
  /** Forms of further categories shown under this one on the same page (the SMS providers). */
  subForms?: readonly SettingCategoryPage[];
}

/**
 * The Auth page is a strip of tabs, and the rule is in the data: a category page whose path is
 * `/settings/auth` or starts with `/settings/auth/` is one of its tabs (docs/auth-sources.md#the-auth-page).
 * A sign-in source adds its page here and nothing else; only the Auth page itself has a menu entry.
 */
export const AUTH_PATH = '/settings/auth';
export const isAuthTab = (page: SettingCategoryPage): boolean =>
  page.path === AUTH_PATH || page.path.startsWith(`${AUTH_PATH}/`);

/** The switch that turns a source on: the first switch of its page (the Basic tab's overview reads it). */
export const enableSwitchOf = (page: SettingCategoryPage): string | null =>
  page.groups.flatMap((group) => group.fields).find((field) => field.type === 'switch')?.name ?? null;

const num = (name: string, min: number, max: number): SettingInput => ({ name, type: 'number', min, max });
const flag = (name: string): SettingInput => ({ name, type: 'switch' });
const text = (name: string): SettingInput => ({ name, type: 'text' });
const area = (name: string): SettingInput => ({ name, type: 'textarea' });
const secret = (name: string): SettingInput => ({ name, type: 'password' });

/** An IM sign-in source: a tab of the Auth page, its switch, ids and secret, and its Test button. */
const imPage = (category: string, title: string, fields: readonly SettingInput[]): SettingCategoryPage => ({
  category,
  path: `/settings/auth/${category}`,
  title,
  icon: 'pi pi-qrcode',
  permission: 'settings.change_auth',
  panel: 'providerTest',
  groups: [{ title, fields }],
});

/** An SMS provider's keys, shown on the SMS page under the switch. */
const smsProvider = (category: string, fields: readonly SettingInput[]): SettingCategoryPage => ({
  category,
  path: '/settings/sms',
  title: `route.${category}`,
  icon: 'pi pi-comment',
  permission: 'settings.change_sms',
  panel: 'providerTest',
  groups: [{ title: `route.${category}`, fields: [...fields, text('SMS_TEST_PHONE')] }],
});

export const CATEGORY_PAGES: readonly SettingCategoryPage[] = [
  {
    category: 'basic',
    path: '/settings/basic',
    title: 'route.basic',
    icon: 'pi pi-cog',
    permission: 'settings.change_other',
    groups: [
      {
        title: 'group.basic',
        fields: [
          { name: 'SITE_URL', type: 'text' },
          { name: 'USER_GUIDE_URL', type: 'text' },
          flag('ANNOUNCEMENT_ENABLED'),
          { name: 'ANNOUNCEMENT', type: 'announcement' },
        ],
      },
    ],
  },
  {
    category: 'security',
    path: '/settings/security',
    title: 'route.security',
    icon: 'pi pi-shield',
    permission: 'settings.change_security',
    groups: [
      {
        title: 'group.passwordRules',
        fields: [
          num('SECURITY_PASSWORD_MIN_LENGTH', 6, 30),
          num('SECURITY_ADMIN_USER_PASSWORD_MIN_LENGTH', 6, 30),
          flag('SECURITY_PASSWORD_UPPER_CASE'),
          flag('SECURITY_PASSWORD_LOWER_CASE'),
          flag('SECURITY_PASSWORD_NUMBER'),
          flag('SECURITY_PASSWORD_SPECIAL_CHAR'),
          num('SECURITY_PASSWORD_EXPIRATION_TIME', 1, 99999),
        ],
      },
      {
        title: 'group.loginLimits',
        fields: [
          num('SECURITY_LOGIN_LIMIT_COUNT', 3, 99999),
          num('SECURITY_LOGIN_LIMIT_TIME', 5, 99999),
          num('SECURITY_LOGIN_IP_LIMIT_COUNT', 1, 99999),
          num('SECURITY_LOGIN_IP_LIMIT_TIME', 5, 99999),
        ],
      },
      {
        title: 'group.session',
        fields: [
          num('SECURITY_MAX_IDLE_TIME', 1, 99999),
          flag('SESSION_EXPIRE_AT_BROWSER_CLOSE'),
          flag('SECURITY_INSECURE_COMMAND'),
        ],
      },
      {
        title: 'group.mfa',
        fields: [{ name: 'SECURITY_MFA_AUTH', type: 'choice', values: [0, 1, 2] }],
      },
      {
        title: 'group.other',
        fields: [flag('SECURITY_COMMAND_EXECUTION')],
      },
    ],
  },
  {
    category: 'email',
    path: '/settings/email',
    title: 'route.email',
    icon: 'pi pi-envelope',
    permission: 'settings.change_email',
    panel: 'mailTest',
    groups: [
      {
        title: 'group.smtp',
        fields: [
          text('EMAIL_HOST'),
          num('EMAIL_PORT', 1, 65535),
          text('EMAIL_HOST_USER'),
          { name: 'EMAIL_HOST_PASSWORD', type: 'password' },
          text('EMAIL_FROM'),
          text('EMAIL_RECIPIENT'),
          flag('EMAIL_USE_SSL'),
          flag('EMAIL_USE_TLS'),
          text('EMAIL_SUBJECT_PREFIX'),
        ],
      },
    ],
  },
  {
    category: 'email_content',
    path: '/settings/email-content',
    title: 'route.emailContent',
    icon: 'pi pi-file-edit',
    permission: 'settings.change_email',
    panel: 'mailPreview',
    groups: [
      {
        title: 'group.userCreated',
        fields: [
          text('EMAIL_CUSTOM_USER_CREATED_SUBJECT'),
          text('EMAIL_CUSTOM_USER_CREATED_HONORIFIC'),
          area('EMAIL_CUSTOM_USER_CREATED_BODY'),
          text('EMAIL_CUSTOM_USER_CREATED_SIGNATURE'),
        ],
      },
      {
        title: 'group.resetPassword',
        fields: [text('EMAIL_CUSTOM_RESET_PASSWORD_SUBJECT'), area('EMAIL_CUSTOM_RESET_PASSWORD_BODY')],
      },
      {
        title: 'group.passwordExpiry',
        fields: [text('EMAIL_CUSTOM_PASSWORD_EXPIRY_SUBJECT'), area('EMAIL_CUSTOM_PASSWORD_EXPIRY_BODY')],
      },
    ],
  },
  {
    category: 'auth',
    path: AUTH_PATH,
    title: 'route.auth',
    icon: 'pi pi-id-card',
    permission: 'settings.change_auth',
    panel: 'authSources',
    groups: [
      {
        title: 'group.authBasic',
        fields: [
          text('FORGOT_PASSWORD_URL'),
          flag('LOGIN_REDIRECT_MSG_ENABLED'),
          {
            name: 'LOGIN_REDIRECT_TO_BACKEND',
            type: 'choice',
            values: ['', 'OPENID', 'CAS', 'SAML2', 'DIRECT'],
          },
        ],
      },
    ],
  },
  {
    category: 'ldap',
    path: `${AUTH_PATH}/ldap`,
    title: 'route.ldap',
    icon: 'pi pi-id-card',
    permission: 'settings.change_auth',
    panel: 'ldap',
    groups: [
      {
        title: 'group.ldap',
        fields: [
          flag('AUTH_LDAP'),
          text('AUTH_LDAP_SERVER_URI'),
          flag('AUTH_LDAP_START_TLS'),
          text('AUTH_LDAP_BIND_DN'),
          { name: 'AUTH_LDAP_BIND_PASSWORD', type: 'password' },
          text('AUTH_LDAP_SEARCH_OU'),
          text('AUTH_LDAP_SEARCH_FILTER'),
          { name: 'AUTH_LDAP_USER_ATTR_MAP', type: 'json' },
          num('AUTH_LDAP_CONNECT_TIMEOUT', 1, 300),
          num('AUTH_LDAP_SEARCH_PAGED_SIZE', 1, 5000),
        ],
      },
      {
        title: 'group.ldapSync',
        fields: [
          flag('AUTH_LDAP_SYNC_IS_PERIODIC'),
          num('AUTH_LDAP_SYNC_INTERVAL', 1, 8760),
          text('AUTH_LDAP_SYNC_ORG_ID'),
        ],
      },
    ],
  },
  imPage('wecom', 'route.wecom', [
    flag('AUTH_WECOM'),
    text('WECOM_CORPID'),
    text('WECOM_AGENTID'),
    secret('WECOM_SECRET'),
  ]),
  imPage('dingtalk', 'route.dingtalk', [
    flag('AUTH_DINGTALK'),
    text('DINGTALK_AGENTID'),
    text('DINGTALK_APPKEY'),
    secret('DINGTALK_APPSECRET'),
  ]),
  imPage('feishu', 'route.feishu', [flag('AUTH_FEISHU'), text('FEISHU_APP_ID'), secret('FEISHU_APP_SECRET')]),
  {
    category: 'sms',
    path: '/settings/sms',
    title: 'route.sms',
    icon: 'pi pi-comment',
    permission: 'settings.change_sms',
    groups: [
      {
        title: 'group.sms',
        fields: [
          flag('SMS_ENABLED'),
          { name: 'SMS_BACKEND', type: 'choice', values: ['alibaba', 'tencent'] },
        ],
      },
    ],
    subForms: [
      smsProvider('alibaba', [
        text('ALIBABA_ACCESS_KEY_ID'),
        secret('ALIBABA_ACCESS_KEY_SECRET'),
        text('ALIBABA_VERIFY_SIGN_NAME'),
        text('ALIBABA_VERIFY_TEMPLATE_CODE'),
      ]),
      smsProvider('tencent', [
        text('TENCENT_SECRET_ID'),
        secret('TENCENT_SECRET_KEY'),
        text('TENCENT_SDKAPPID'),
        text('TENCENT_VERIFY_SIGN_NAME'),
        text('TENCENT_VERIFY_TEMPLATE_CODE'),
      ]),
    ],
  },
  {
    category: 'radius',
    path: '/settings/auth/radius',
    title: 'route.radius',
    icon: 'pi pi-server',
    permission: 'settings.change_auth',
    panel: 'radius',
    groups: [
      {
        title: 'group.radius',
        fields: [
          flag('AUTH_RADIUS'),
          text('RADIUS_SERVER'),
          num('RADIUS_PORT', 1, 65535),
          { name: 'RADIUS_SECRET', type: 'password' },
          flag('OTP_IN_RADIUS'),
        ],
      },
    ],
  },
  {
    category: 'oidc',
    path: `${AUTH_PATH}/oidc`,
    title: 'route.oidc',
    icon: 'pi pi-key',
    permission: 'settings.change_auth',
    panel: 'oidcTest',
    groups: [
      {
        title: 'group.oidc',
        fields: [
          flag('AUTH_OPENID'),
          text('BASE_SITE_URL'),
          flag('AUTH_OPENID_KEYCLOAK'),
          text('AUTH_OPENID_SERVER_URL'),
          text('AUTH_OPENID_REALM_NAME'),
          text('AUTH_OPENID_PROVIDER_ENDPOINT'),
          text('AUTH_OPENID_CLIENT_ID'),
          { name: 'AUTH_OPENID_CLIENT_SECRET', type: 'password' },
          text('AUTH_OPENID_SCOPES'),
          flag('AUTH_OPENID_CREATE_USER'),
          flag('AUTH_OPENID_ALWAYS_UPDATE_USER'),
          { name: 'AUTH_OPENID_USER_ATTR_MAP', type: 'json' },
          flag('AUTH_OPENID_SHARE_SESSION'),
        ],
      },
    ],
  },
  {
    category: 'cas',
    path: `${AUTH_PATH}/cas`,
    title: 'route.cas',
    icon: 'pi pi-id-card',
    permission: 'settings.change_auth',
    groups: [
      {
        title: 'group.cas',
        fields: [
          flag('AUTH_CAS'),
          text('CAS_SERVER_URL'),
          text('CAS_ROOT_PROXIED_AS'),
          num('CAS_VERSION', 1, 3),
          text('CAS_USERNAME_ATTRIBUTE'),
          flag('CAS_APPLY_ATTRIBUTES_TO_USER'),
          { name: 'CAS_RENAME_ATTRIBUTES', type: 'json' },
          flag('CAS_CREATE_USER'),
          flag('CAS_LOGOUT_COMPLETELY'),
        ],
      },
    ],
  },
  {
    category: 'saml2',
    path: `${AUTH_PATH}/saml2`,
    title: 'route.saml2',
    icon: 'pi pi-shield',
    permission: 'settings.change_auth',
    groups: [
      {
        title: 'group.saml2',
        fields: [
          flag('AUTH_SAML2'),
          text('SAML2_IDP_METADATA_URL'),
          area('SAML2_IDP_METADATA_XML'),
          { name: 'SAML2_SP_ADVANCED_SETTINGS', type: 'json' },
          secret('SAML2_SP_KEY_CONTENT'),
          secret('SAML2_SP_CERT_CONTENT'),
          { name: 'SAML2_RENAME_ATTRIBUTES', type: 'json' },
          flag('AUTH_SAML2_ALWAYS_UPDATE_USER'),
          flag('SAML2_LOGOUT_COMPLETELY'),
        ],
      },
    ],
  },
  {
    category: 'clean',
    path: '/settings/clean',
    title: 'route.clean',
    icon: 'pi pi-trash',
    permission: 'settings.change_clean',
    groups: [
      {
        title: 'group.retention',
        fields: [
          num('LOGIN_LOG_KEEP_DAYS', 1, 9999),
          num('TASK_LOG_KEEP_DAYS', 1, 9999),
          num('OPERATE_LOG_KEEP_DAYS', 1, 9999),
          num('FTP_LOG_KEEP_DAYS', 1, 9999),
          num('TERMINAL_SESSION_KEEP_DURATION', 1, 99999),
        ],
      },
    ],
  },
  {
    category: 'other',
    path: '/settings/other',
    title: 'route.other',
    icon: 'pi pi-sliders-h',
    permission: 'settings.change_other',
    groups: [
      { title: 'group.otp', fields: [text('OTP_ISSUER_NAME'), num('OTP_VALID_WINDOW', 1, 10)] },
      {
        title: 'group.terminal',
        fields: [{ name: 'WINDOWS_SSH_DEFAULT_SHELL', type: 'choice', values: ['cmd', 'powershell'] }],
      },
      { title: 'group.help', fields: [text('HELP_DOCUMENT_URL'), text('HELP_SUPPORT_URL')] },
      { title: 'group.users', fields: [text('EMAIL_SUFFIX')] },
      { title: 'group.perms', fields: [flag('PERM_SINGLE_ASSET_TO_UNGROUP_NODE')] },
    ],
  },
];
