import fs from 'node:fs';
import path from 'node:path';
import type { AppContext } from '../app-context';
import { currentLicense } from '../plugins/license';
import { enabledImSources } from '../im-sms/im-settings';
import { publishedImageUrls } from '../xpack/interface-images';
import { passwordRules, publicPasswordRule } from './password-rules';
import { categoryValues, loginLimits, sessionPolicy } from './settings-values';

/**
 * Candidate files for each logo slot, relative to `<dist>/ui`; the first that exists is published. The
 * build writes our own icon as the favicon's last candidate: a file of the slot's other names replaces it.
 */
const LOGO_CANDIDATES: Readonly<Record<'logo_logout' | 'logo_index' | 'login_image' | 'favicon', string[]>> =
  {
    logo_logout: ['img/logo.svg', 'img/logo.png'],
    logo_index: ['img/logo-text.svg', 'img/logo_text.png', 'img/logo-text.png'],
    login_image: ['img/login-image.svg', 'img/login_image.png', 'img/login-image.png'],
    favicon: ['favicon.ico', 'img/favicon.svg', 'img/favicon.ico', 'img/bastion-favicon.svg'],
  };

export function logoUrls(uiDir: string): Record<string, string> {
  const urls: Record<string, string> = {};
  for (const [slot, candidates] of Object.entries(LOGO_CANDIDATES)) {
    const found = candidates.find((file) => fs.existsSync(path.join(uiDir, file)));
    urls[slot] = found ? `/ui/${found}` : '';
  }
  return urls;
}

/**
 * `GET /api/v1/settings/public/` data (docs/settings.md#public-settings), with the v2.21 defaults. The lock-out values are the
 * ones this server enforces.
 */
export async function publicSettings(ctx: AppContext) {
  const license = await currentLicense(ctx.db, ctx.config);
  const limits = await loginLimits(ctx.db, ctx.config);
  const security = await categoryValues(ctx.db, ctx.config, 'security');
  const basic = await categoryValues(ctx.db, ctx.config, 'basic');
  const other = await categoryValues(ctx.db, ctx.config, 'other');
  const session = await sessionPolicy(ctx.db, ctx.config);
  const appearance = await categoryValues(ctx.db, ctx.config, 'interface');
  const imOn = await enabledImSources(ctx);
  return {
    WINDOWS_SKIP_ALL_MANUAL_PASSWORD: false,
    OLD_PASSWORD_HISTORY_LIMIT_COUNT: 5,
    SECURITY_MAX_IDLE_TIME: Math.round(session.idleMs / 60_000),
    SECURITY_VIEW_AUTH_NEED_MFA: true,
    SECURITY_MFA_VERIFY_TTL: 3600,
    SECURITY_COMMAND_EXECUTION: security.SECURITY_COMMAND_EXECUTION === true,
    SECURITY_PASSWORD_EXPIRATION_TIME: security.SECURITY_PASSWORD_EXPIRATION_TIME,
    SECURITY_LUNA_REMEMBER_AUTH: true,
    SECURITY_LOGIN_LIMIT_COUNT: limits.userLimitCount,
    SECURITY_LOGIN_LIMIT_TIME: limits.userLimitMinutes,
    SECURITY_LOGIN_IP_LIMIT_COUNT: limits.ipLimitCount,
    SECURITY_LOGIN_IP_LIMIT_TIME: limits.ipLimitMinutes,
    // The rules the server enforces wherever a password is set (auth/password-policy.ts).
    PASSWORD_RULE: publicPasswordRule(await passwordRules(ctx.db)),
    SECURITY_WATERMARK_ENABLED: true,
    SECURITY_SESSION_SHARE: true,
    XPACK_ENABLED: license.installed,
    XPACK_LICENSE_IS_VALID: license.valid,
    XPACK_LICENSE_INFO: { corporation: license.corporation || 'Bastion Console (GPL-2.0)' },
    // The interface settings (docs/interface.md): the title and the uploaded images over the built ones.
    LOGIN_TITLE: appearance.LOGIN_TITLE,
    LOGO_URLS: await publishedImageUrls(ctx.db, ctx.uiDir),
    // The navbar's Help menu (docs/settings.md#other).
    HELP_DOCUMENT_URL: other.HELP_DOCUMENT_URL,
    HELP_SUPPORT_URL: other.HELP_SUPPORT_URL,
    // On while the source is on with its keys: the QR sign-in and binding work (docs/auth-im-sms.md).
    AUTH_WECOM: imOn.includes('wecom'),
    AUTH_DINGTALK: imOn.includes('dingtalk'),
    AUTH_FEISHU: imOn.includes('feishu'),
    XRDP_ENABLED: true,
    TERMINAL_MAGNUS_ENABLED: true,
    TERMINAL_KOKO_SSH_ENABLED: true,
    ANNOUNCEMENT_ENABLED: basic.ANNOUNCEMENT_ENABLED,
    ANNOUNCEMENT: { LINK_NAME: '', DATE_START: null, DATE_END: null, ...(basic.ANNOUNCEMENT as object) },
    // Off unless BASTION_AUTH_TEMP_TOKEN=1 (there is no settings store yet).
    AUTH_TEMP_TOKEN: ctx.config.authTempToken === true,
  };
}
