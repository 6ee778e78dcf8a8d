import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requestLanguage } from '../http/language';
import { safeNext } from '../auth/safe-next';
import { casSettings } from './cas-settings';
import { bareAttribute, validateCasTicket } from './cas-ticket';
import { finishExternalSignIn, refuseOnLoginPage } from './external-sign-in';
import { sealedFlowCookie } from './sealed-flow';
import { ssoMessage } from './sso-messages';
import { CAS_CALLBACK_PATH, CAS_LOGIN_PATH } from './sso-paths';

const FLOW_TTL_MS = 10 * 60_000;
const SOURCE = { source: 'cas', backend: 'CAS' } as const;
const SOURCE_NAME = { source: SOURCE.backend };

/** The sign-in started here: its id is part of the service URL, so a ticket only comes back to it. */
interface Flow {
  id: string;
  next: string;
  expires: number;
}

const query = (request: FastifyRequest, name: string): string => {
  const value = (request.query as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/**
 * Sign-in through a CAS server (docs/auth-sources.md#cas): the browser goes to `<server>/login?service=…`
 * and comes back with a ticket, which this server checks with the CAS server directly. The service URL
 * carries the id of a flow kept in a sealed cookie, so a ticket obtained by someone else cannot sign this
 * browser in (a login CSRF), and the CAS server refuses a ticket presented for another service.
 */
export function registerCasRoutes(app: FastifyInstance, ctx: AppContext): void {
  const flows = sealedFlowCookie<Flow>(ctx, 'cas_flow', '/core/auth/cas/', FLOW_TTL_MS);
  const serviceUrl = (baseUrl: string, flowId: string) =>
    `${baseUrl}${CAS_CALLBACK_PATH}?flow=${encodeURIComponent(flowId)}`;

  app.get(CAS_LOGIN_PATH, async (request, reply) => {
    const lang = requestLanguage(request);
    const settings = await casSettings(ctx.db, ctx.config);
    if (!settings.enabled || settings.serverUrl === '')
      return refuseOnLoginPage(ctx, request, reply, ssoMessage('sourceOff', lang, SOURCE_NAME));
    const flow: Flow = {
      id: crypto.randomBytes(18).toString('base64url'),
      next: safeNext(query(request, 'next')),
      expires: Date.now() + FLOW_TTL_MS,
    };
    flows.set(reply, flow);
    const target = new URL(`${settings.serverUrl}/login`);
    target.searchParams.set('service', serviceUrl(settings.baseUrl, flow.id));
    return reply.header('cache-control', 'no-store').redirect(target.href, 302);
  });

  app.get(CAS_CALLBACK_PATH, async (request, reply) => {
    const lang = requestLanguage(request);
    const flow = flows.read(request);
    // One flow, one answer: a second use of the same callback finds no flow.
    flows.clear(reply);
    const settings = await casSettings(ctx.db, ctx.config);
    if (!settings.enabled || settings.serverUrl === '')
      return refuseOnLoginPage(ctx, request, reply, ssoMessage('sourceOff', lang, SOURCE_NAME));
    if (!flow || flow.id !== query(request, 'flow'))
      return refuseOnLoginPage(ctx, request, reply, ssoMessage('flowExpired', lang));
    const ticket = query(request, 'ticket');
    const verdict =
      ticket === ''
        ? ({ ok: false, detail: 'no ticket' } as const)
        : await validateCasTicket(settings, ticket, serviceUrl(settings.baseUrl, flow.id));
    if (!verdict.ok) {
      request.log.warn(`CAS sign-in: ${verdict.detail}`);
      return refuseOnLoginPage(
        ctx,
        request,
        reply,
        ssoMessage('providerFailed', lang, { ...SOURCE_NAME, detail: verdict.detail }),
      );
    }
    const attributes = verdict.attributes;
    const wanted = bareAttribute(settings.usernameAttribute);
    const username = (wanted === 'user' ? verdict.user : (attributes[wanted] ?? '')).trim();
    if (username === '')
      return refuseOnLoginPage(
        ctx,
        request,
        reply,
        ssoMessage('noUsername', lang, { claim: settings.usernameAttribute }),
      );
    // CAS_RENAME_ATTRIBUTES says which attribute fills the name and the e-mail; without a rename, the
    // attributes called `name` and `email` do. Only applied when CAS_APPLY_ATTRIBUTES_TO_USER is on.
    const fields: Record<'name' | 'email', string> = {
      name: attributes.name ?? '',
      email: attributes.email ?? '',
    };
    for (const [from, to] of Object.entries(settings.rename)) {
      const value = attributes[bareAttribute(from)];
      if (value !== undefined && (to === 'name' || to === 'email')) fields[to] = value;
    }
    const apply = settings.applyAttributes;
    return finishExternalSignIn(
      ctx,
      request,
      reply,
      { username, name: apply ? fields.name : '', email: apply ? fields.email : '' },
      { ...SOURCE, createUser: settings.createUser, updateUser: apply },
      flow.next,
    );
  });
}
