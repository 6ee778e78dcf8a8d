/**
 * The settings pages as data: each category of the settings API (docs/settings.md#categories) and the
 * fields its form shows, in order. Labels and help texts are keys of the plugin's locales
 * (`field.<NAME>` / `help.<NAME>`).
 */
export type SettingInput =
  | { name: string; type: 'switch' }
  | { name: string; type: 'number'; min: number; max: number }
  | { name: string; type: 'text' }
  | { name: string; type: 'announcement' };

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
}

const num = (name: string, min: number, max: number): SettingInput => ({ name, type: 'number', min, max });
const flag = (name: string): SettingInput => ({ name, type: 'switch' });

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
        fields: [num('SECURITY_MAX_IDLE_TIME', 1, 99999), flag('SESSION_EXPIRE_AT_BROWSER_CLOSE')],
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
];
