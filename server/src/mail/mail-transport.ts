import tls from 'node:tls';
import nodemailer from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { ServerConfig } from '../config';
import type { Database } from '../data/database';
import type { Lang } from '../http/language';
import { categoryValues, settingSecret } from '../settings/settings-values';
import { mailMessage } from './mail-messages';

/** The saved SMTP settings (docs/mail.md), the password opened from its seal. */
export interface SmtpSettings {
  host: string;
  port: number;
  user: string;
  password: string;
  from: string;
  useSsl: boolean;
  useTls: boolean;
  subjectPrefix: string;
}

export async function smtpSettings(db: Database, config: ServerConfig): Promise<SmtpSettings> {
  const v = await categoryValues(db, config, 'email');
  return {
    host: String(v.EMAIL_HOST ?? ''),
    port: Number(v.EMAIL_PORT ?? 25),
    user: String(v.EMAIL_HOST_USER ?? ''),
    password: await settingSecret(db, config, 'EMAIL_HOST_PASSWORD'),
    from: String(v.EMAIL_FROM ?? ''),
    useSsl: v.EMAIL_USE_SSL === true,
    useTls: v.EMAIL_USE_TLS === true,
    subjectPrefix: String(v.EMAIL_SUBJECT_PREFIX ?? ''),
  };
}

/** Seconds a mail server gets to connect and to greet; a silent one fails the attempt, never hangs it. */
const CONNECT_TIMEOUT_MS = 10_000;
const SOCKET_TIMEOUT_MS = 30_000;

/**
 * One SMTP connection per send (mail is rare; nothing to pool). SSL: TLS from the first byte; TLS: STARTTLS
 * is required; neither: plain SMTP, STARTTLS not attempted (as v2.21). Certificates are always verified,
 * against the system's authorities plus BASTION_TLS_CA_FILE's.
 */
export function smtpTransport(s: SmtpSettings, config: ServerConfig) {
  const options: SMTPTransport.Options = {
    host: s.host,
    port: s.port,
    secure: s.useSsl,
    requireTLS: !s.useSsl && s.useTls,
    ignoreTLS: !s.useSsl && !s.useTls,
    auth: s.user !== '' ? { user: s.user, pass: s.password } : undefined,
    connectionTimeout: CONNECT_TIMEOUT_MS,
    greetingTimeout: CONNECT_TIMEOUT_MS,
    socketTimeout: SOCKET_TIMEOUT_MS,
    tls: config.outboundCa ? { ca: [...tls.rootCertificates, config.outboundCa] } : {},
    logger: false,
  };
  return nodemailer.createTransport(options);
}

/** The subject with the configured prefix (`[Bastion] …`). */
export const prefixedSubject = (s: SmtpSettings, subject: string): string =>
  s.subjectPrefix === '' ? subject : `${s.subjectPrefix} ${subject}`;

/** The sender: EMAIL_FROM, else the account when it is an address. */
export const senderOf = (s: SmtpSettings): string =>
  s.from || (s.user.includes('@') ? s.user : `bastion@${s.host}`);

interface SmtpError {
  code?: string;
  response?: string;
  responseCode?: number;
  message?: string;
}

const TLS_HINT =
  /wrong version number|ssl|tls|certificate|self[- ]signed|handshake|packet length|unable to verify|alert/i;

/**
 * What went wrong, in words a person acts on, with the server's own answer where it gave one
 * (docs/mail.md#the-test). Never includes the password.
 */
export function describeMailError(error: unknown, s: SmtpSettings, lang: Lang): string {
  const e = (error ?? {}) as SmtpError;
  const server = `${s.host}:${s.port}`;
  const detail = (e.response ?? e.message ?? String(error)).trim();
  const message = e.message ?? '';
  if (/ECONNREFUSED/.test(message) || e.code === 'ECONNREFUSED')
    return mailMessage('refused', lang, { server });
  if (e.code === 'EAUTH') return mailMessage('badCredentials', lang, { detail });
  if (e.code === 'ETLS' || TLS_HINT.test(message))
    return mailMessage('tlsMismatch', lang, { server, detail });
  if (e.code === 'ETIMEDOUT' || /timeout/i.test(message)) return mailMessage('timeout', lang, { server });
  if (e.code === 'EENVELOPE' || e.code === 'EMESSAGE') return mailMessage('rejected', lang, { detail });
  if (e.code === 'ECONNECTION' || e.code === 'EDNS' || e.code === 'ESOCKET')
    return mailMessage('unreachable', lang, { server, detail });
  return mailMessage('failed', lang, { detail });
}
