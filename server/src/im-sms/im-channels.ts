import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../app-context';
import { imIdsOfUsers } from '../data/stores/user-im-ids';
import { plainText } from '../mail/email-channel';
import { MessageChannels, type MessageChannel } from '../notifications/channels';
import { IM_NAMES, IM_SOURCES, sendImText, type ImSource } from './im-clients';
import { imSettings } from './im-settings';
import { ProviderError, providerReach } from './provider-request';

const LABELS: Record<ImSource, MessageChannel['label']> = {
  wecom: { zh: '企业微信', en: 'WeCom', ja: 'WeCom' },
  dingtalk: { zh: '钉钉', en: 'DingTalk', ja: 'DingTalk' },
  feishu: { zh: '飞书', en: 'FeiShu', ja: 'FeiShu' },
};

/**
 * System messages through WeCom, DingTalk or FeiShu (docs/auth-im-sms.md#message-channels): one text to the
 * receivers who bound that source, through the provider's message API, while the source is on. It is sent
 * in the background so a slow or unreachable provider never holds up the event; a failure is logged.
 */
function imChannel(ctx: AppContext, source: ImSource, log: FastifyBaseLogger): MessageChannel {
  return {
    name: source,
    label: LABELS[source],
    enabled: async () => (await imSettings(ctx, source)).enabled,
    send: async (db, userIds, message) => {
      const settings = await imSettings(ctx, source);
      if (!settings.enabled) return;
      const imIds = await imIdsOfUsers(db, source, userIds);
      if (imIds.length === 0) return;
      const text = `${message.subject}\n\n${plainText(message.message)}`;
      void sendImText(source, settings.credentials, imIds, text, {
        lang: 'en',
        reach: providerReach(ctx.config),
      }).catch((error: unknown) => {
        if (!(error instanceof ProviderError)) throw error;
        log.warn({ error: error.message, receivers: imIds.length }, `${IM_NAMES[source]} message not sent`);
      });
    },
  };
}

/** The three IM sources as channels of the message subscriptions. */
export function addImChannels(ctx: AppContext, log: FastifyBaseLogger): void {
  for (const source of IM_SOURCES) MessageChannels.of(ctx.db).add(imChannel(ctx, source, log));
}
