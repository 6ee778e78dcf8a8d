import type { AppContext } from '../app-context';
import { categoryValues, settingSecret } from '../settings/settings-values';
import type { SmsBackend } from './sms-clients';

/** Each SMS provider's keys as the settings name them (docs/auth-im-sms.md#settings): its secret and the rest. */
export const SMS_FIELDS: Record<SmsBackend, { secret: string; needed: readonly string[] }> = {
  alibaba: {
    secret: 'ALIBABA_ACCESS_KEY_SECRET',
    needed: ['ALIBABA_ACCESS_KEY_ID', 'ALIBABA_VERIFY_SIGN_NAME', 'ALIBABA_VERIFY_TEMPLATE_CODE'],
  },
  tencent: {
    secret: 'TENCENT_SECRET_KEY',
    needed: [
      'TENCENT_SECRET_ID',
      'TENCENT_SDKAPPID',
      'TENCENT_VERIFY_SIGN_NAME',
      'TENCENT_VERIFY_TEMPLATE_CODE',
    ],
  },
};

/** The provider text messages go through, with its saved keys. */
export interface SmsInForce {
  backend: SmsBackend;
  values: Record<string, string>;
}

/**
 * SMS in force: `SMS_ENABLED` on and every key of `SMS_BACKEND` saved (the settings refuse the switch
 * otherwise; a key cleared later turns it off here too). Null when text messages cannot be sent.
 */
export async function smsInForce(ctx: Pick<AppContext, 'db' | 'config'>): Promise<SmsInForce | null> {
  const sms = await categoryValues(ctx.db, ctx.config, 'sms');
  if (sms.SMS_ENABLED !== true) return null;
  const backend: SmsBackend = sms.SMS_BACKEND === 'tencent' ? 'tencent' : 'alibaba';
  const fields = SMS_FIELDS[backend];
  const saved = await categoryValues(ctx.db, ctx.config, backend);
  const values: Record<string, string> = {};
  for (const name of fields.needed) values[name] = typeof saved[name] === 'string' ? saved[name].trim() : '';
  values[fields.secret] = await settingSecret(ctx.db, ctx.config, fields.secret);
  return Object.values(values).every((value) => value !== '') ? { backend, values } : null;
}
