import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requireSettingsPerms } from '../api/settings-permission';
import type { Language } from '../engine/declaration';
import { requestLanguage } from '../http/language';
import { SETTING_CATEGORIES, type SettingCategoryName } from '../settings/settings-catalogue';
import { categoryValues, settingSecret } from '../settings/settings-values';
import { IM_SOURCES, imAccessToken } from './im-clients';
import { addImChannels } from './im-channels';
import { IM_FIELDS } from './im-settings';
import { ProviderError, providerMessage, providerReach } from './provider-request';
import { sendSmsWith } from './sms-clients';
import { SMS_FIELDS } from './sms-settings';

/**
 * The values a test uses: what the form sends over the saved ones, a blank secret meaning the saved one
 * (docs/auth-im-sms.md#the-test-buttons). Only the category's own fields are taken, as strings.
 */
async function testValues(
  ctx: AppContext,
  request: FastifyRequest,
  category: SettingCategoryName,
  secret: string,
): Promise<Record<string, string>> {
  const saved = await categoryValues(ctx.db, ctx.config, category);
  const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<
    string,
    unknown
  >;
  const values: Record<string, string> = {};
  for (const name of Object.keys(SETTING_CATEGORIES[category].fields)) {
    const sent = body[name];
    values[name] = (
      typeof sent === 'string' ? sent : typeof saved[name] === 'string' ? (saved[name] as string) : ''
    ).trim();
  }
  const sentSecret = body[secret];
  values[secret] =
    typeof sentSecret === 'string' && sentSecret !== ''
      ? sentSecret
      : await settingSecret(ctx.db, ctx.config, secret);
  return values;
}

function requireFilled(values: Record<string, string>, names: readonly string[], lang: Language): void {
  const empty = names.filter((name) => (values[name] ?? '') === '');
  if (empty.length > 0)
    throw new ProviderError(providerMessage('notConfigured', lang, { fields: empty.join(', ') }));
}

/**
 * The Test buttons of the WeCom, DingTalk and FeiShu tabs (`settings.change_auth`) and of the SMS providers
 * (`settings.change_sms`): each calls the provider for real and answers `{msg}` or a 400 `{error}` in the
 * user's language with the provider's or the network's own words — never a 500, never a pretended success.
 */
export function registerImSmsRoutes(app: FastifyInstance, ctx: AppContext): void {
  addImChannels(ctx, app.log);
  const answer = async (
    request: FastifyRequest,
    reply: { code: (status: number) => { send: (body: unknown) => unknown } },
    run: (lang: Language) => Promise<void>,
  ) => {
    const lang = requestLanguage(request);
    try {
      await run(lang);
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      request.log.info({ error: error.message }, 'provider test failed');
      return reply.code(400).send({ error: error.message });
    }
    return { msg: providerMessage('testSuccess', lang) };
  };

  for (const source of IM_SOURCES)
    app.post(`/api/v1/settings/${source}/testing/`, async (request, reply) => {
      await requireSettingsPerms(ctx, request, ['settings.change_auth']);
      const fields = IM_FIELDS[source];
      return answer(request, reply, async (lang) => {
        const values = await testValues(ctx, request, source, fields.secret);
        requireFilled(values, [fields.id, ...(fields.agentId ? [fields.agentId] : []), fields.secret], lang);
        await imAccessToken(
          source,
          { id: values[fields.id] ?? '', secret: values[fields.secret] ?? '' },
          { lang, reach: providerReach(ctx.config) },
        );
      });
    });

  for (const backend of ['alibaba', 'tencent'] as const)
    app.post(`/api/v1/settings/${backend}/testing/`, async (request, reply) => {
      await requireSettingsPerms(ctx, request, ['settings.change_sms']);
      const fields = SMS_FIELDS[backend];
      return answer(request, reply, async (lang) => {
        const v = await testValues(ctx, request, backend, fields.secret);
        if ((v.SMS_TEST_PHONE ?? '') === '') throw new ProviderError(providerMessage('phoneRequired', lang));
        requireFilled(v, [...fields.needed, fields.secret], lang);
        const message = { phone: v.SMS_TEST_PHONE ?? '', code: '666666' };
        await sendSmsWith(backend, v, message, { lang, reach: providerReach(ctx.config) });
      });
    });
}
