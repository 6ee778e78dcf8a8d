/** GET /api/v1/settings/public/ → `data` (docs/settings.md#public-settings). Unknown keys are kept. */
export interface PublicSettingValues {
  LOGIN_TITLE?: string;
  XPACK_ENABLED?: boolean;
  XPACK_LICENSE_IS_VALID?: boolean;
  XPACK_LICENSE_INFO?: { corporation?: string; [k: string]: unknown };
  LOGO_URLS?: {
    favicon?: string;
    logo_index?: string;
    logo_logout?: string;
    [k: string]: string | undefined;
  };
  HELP_DOCUMENT_URL?: string;
  HELP_SUPPORT_URL?: string;
  AUTH_TEMP_TOKEN?: boolean;
  SECURITY_COMMAND_EXECUTION?: boolean;
  SECURITY_MFA_VERIFY_TTL?: number;
  SECURITY_PASSWORD_EXPIRATION_TIME?: number;
  [key: string]: unknown;
}

export interface PublicSettingsService {
  /** Null until `load()` resolved. */
  readonly values: PublicSettingValues | null;
  load(): Promise<PublicSettingValues>;
  /** XPACK_ENABLED and XPACK_LICENSE_IS_VALID both true. */
  readonly licensed: boolean;
  readonly xpackEnabled: boolean;
}
