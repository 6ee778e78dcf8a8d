import type { AppContext } from '../app-context';
import { categoryValues, settingSecret } from '../settings/settings-values';
import { IM_SOURCES, type ImCredentials, type ImSource } from './im-clients';

/** The settings that make up each IM source (docs/auth-im-sms.md#settings). */
export const IM_FIELDS: Record<
  ImSource,
  { switch: string; id: string; agentId: string | null; secret: string }
> = {
  wecom: { switch: 'AUTH_WECOM', id: 'WECOM_CORPID', agentId: 'WECOM_AGENTID', secret: 'WECOM_SECRET' },
  dingtalk: {
    switch: 'AUTH_DINGTALK',
    id: 'DINGTALK_APPKEY',
    agentId: 'DINGTALK_AGENTID',
    secret: 'DINGTALK_APPSECRET',
  },
  feishu: { switch: 'AUTH_FEISHU', id: 'FEISHU_APP_ID', agentId: null, secret: 'FEISHU_APP_SECRET' },
};

/** A source in force: switched on (which the settings allow only with its ids and secret saved). */
export interface ImSettings {
  enabled: boolean;
  credentials: ImCredentials;
}

export async function imSettings(ctx: AppContext, source: ImSource): Promise<ImSettings> {
  const fields = IM_FIELDS[source];
  const values = await categoryValues(ctx.db, ctx.config, source);
  const text = (name: string | null) =>
    name !== null && typeof values[name] === 'string' ? values[name] : '';
  const credentials: ImCredentials = {
    id: text(fields.id),
    agentId: text(fields.agentId),
    secret: await settingSecret(ctx.db, ctx.config, fields.secret),
  };
  const complete = credentials.id !== '' && credentials.secret !== '';
  return { enabled: values[fields.switch] === true && complete, credentials };
}

/** The IM sources in force now: their QR sign-in button shows and their public switch reads true. */
export async function enabledImSources(ctx: AppContext): Promise<ImSource[]> {
  const on: ImSource[] = [];
  for (const source of IM_SOURCES) if ((await imSettings(ctx, source)).enabled) on.push(source);
  return on;
}
