import { fetchFailureReason } from '../http/fetch-failure';
import type { CasSettings } from './cas-settings';
import { textXmlParser } from './xml-reading';

/** How long the CAS server may take to answer a ticket check before the sign-in fails with a message. */
export const CAS_VALIDATE_TIMEOUT_MS = 10_000;

/** What the CAS server said of a ticket: the user and attributes, or why it refused. */
export type CasVerdict =
  { ok: true; user: string; attributes: Record<string, string> } | { ok: false; detail: string };

const VALIDATE_PATH = { 1: '/validate', 2: '/serviceValidate', 3: '/p3/serviceValidate' } as const;

// Namespace prefixes dropped (`cas:user` → `user`); every value kept as text (a username `007` stays one).
const parser = textXmlParser({ trimValues: true });

/** An attribute name as configured (`cas:mail` or `mail`) as it appears once the prefix is dropped. */
export const bareAttribute = (name: string): string => name.replace(/^cas:/, '');

const textOf = (node: unknown): string => {
  if (typeof node === 'string') return node;
  if (Array.isArray(node)) return textOf(node[0]);
  if (node && typeof node === 'object' && '#text' in node)
    return textOf((node as { '#text': unknown })['#text']);
  return '';
};

/** The protocol 2/3 answer (`<cas:serviceResponse>`) read. */
export function readServiceResponse(xml: string): CasVerdict {
  let doc: Record<string, unknown>;
  try {
    doc = parser.parse(xml) as Record<string, unknown>;
  } catch (error) {
    return { ok: false, detail: `not a CAS answer: ${String(error)}` };
  }
  const response = doc.serviceResponse as Record<string, unknown> | undefined;
  if (!response || typeof response !== 'object') return { ok: false, detail: 'not a CAS answer' };
  const failure = response.authenticationFailure;
  if (failure !== undefined) {
    const code =
      failure && typeof failure === 'object'
        ? String((failure as Record<string, unknown>)['@code'] ?? '')
        : '';
    return { ok: false, detail: `${code}: ${textOf(failure)}`.replace(/^: /, '') };
  }
  const success = response.authenticationSuccess as Record<string, unknown> | undefined;
  const user = textOf(success?.user).trim();
  if (!success || user === '') return { ok: false, detail: 'the CAS answer names no user' };
  const attributes: Record<string, string> = {};
  const raw = success.attributes;
  if (raw && typeof raw === 'object')
    for (const [name, value] of Object.entries(raw as Record<string, unknown>))
      if (!name.startsWith('@')) attributes[name] = textOf(value).trim();
  return { ok: true, user, attributes };
}

/** The protocol 1 answer: `yes\n<user>\n` or `no\n`. */
function readValidateAnswer(text: string): CasVerdict {
  const [verdict, user = ''] = text.split(/\r?\n/);
  return verdict === 'yes' && user.trim() !== ''
    ? { ok: true, user: user.trim(), attributes: {} }
    : { ok: false, detail: 'the CAS server did not accept the ticket' };
}

/**
 * Asks the CAS server whether `ticket` was issued for `service` (docs/auth-sources.md#cas). The server
 * itself enforces single use and the service match; a server that does not answer within the time-out, or
 * answers something else than CAS, is a refusal with the reason.
 */
export async function validateCasTicket(
  settings: CasSettings,
  ticket: string,
  service: string,
): Promise<CasVerdict> {
  const url = new URL(`${settings.serverUrl}${VALIDATE_PATH[settings.version]}`);
  url.searchParams.set('ticket', ticket);
  url.searchParams.set('service', service);
  let text: string;
  try {
    const answer = await fetch(url, {
      signal: AbortSignal.timeout(CAS_VALIDATE_TIMEOUT_MS),
      redirect: 'error',
    });
    text = await answer.text();
    if (!answer.ok) return { ok: false, detail: `HTTP ${answer.status} from ${url.origin}` };
  } catch (error) {
    return { ok: false, detail: `${url.origin}: ${fetchFailureReason(error, CAS_VALIDATE_TIMEOUT_MS)}` };
  }
  return settings.version === 1 ? readValidateAnswer(text) : readServiceResponse(text);
}
