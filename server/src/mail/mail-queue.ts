import crypto from 'node:crypto';
import type { ServerConfig } from '../config';
import type { Database } from '../data/database';
import { INSTANCE_ID } from '../data/periodic-jobs';
import { claimDueMail, insertQueuedMail, markMailFailed, markMailSent } from '../data/stores/mail-queue';
import { openSecret, sealSecret } from '../auth/secret-box';
import { describeMailError, prefixedSubject, senderOf, smtpSettings, smtpTransport } from './mail-transport';

/** A mail the system sends: recipients, subject (the prefix is added on sending), text and HTML parts. */
export interface SystemMail {
  to: readonly string[];
  subject: string;
  text: string;
  html?: string;
  /** What it is, for the log and the queue's record (`user_created`, `reset_password`, `subscription`…). */
  kind: string;
}

export interface MailLog {
  info(fields: Record<string, unknown>, message: string): void;
  warn(fields: Record<string, unknown>, message: string): void;
}

/** Attempts per mail before it is given up; the waits between them double from RETRY_BASE_MS. */
export const MAX_ATTEMPTS = 5;
const RETRY_BASE_MS = 30_000;
/** How long a claim holds: longer than one send with its time-outs, so two instances never both send it. */
const CLAIM_MS = 120_000;
/** How often each instance looks for due mail (a new mail also wakes its own instance at once). */
const POLL_MS = 2_000;

const bodyBinding = (id: string): string => `mail:${id}`;

/**
 * The outgoing mail of one database (docs/mail.md#the-queue): a mail is a row first, so a request never
 * waits for a mail server and nothing is lost when the server stops; every instance works the queue and an
 * atomic claim gives each mail to one of them. A failed attempt is retried later, five times at most. The
 * body is sealed in the row (it may hold a reset link) and dropped once the mail is sent or given up; the
 * log names the mail, its kind, the number of recipients and the server's answer — never the body.
 */
export class MailQueue {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;

  constructor(
    private readonly db: Database,
    readonly config: ServerConfig,
    private readonly log: MailLog,
  ) {}

  start(): void {
    this.timer = setInterval(() => this.kick(), POLL_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.running;
  }

  /** Queues a mail (inside the caller's transaction when there is one). False when no server is set up. */
  async enqueue(mail: SystemMail): Promise<boolean> {
    const recipients = mail.to.filter((to) => to.trim() !== '');
    if (recipients.length === 0) return false;
    const settings = await smtpSettings(this.db, this.config);
    if (settings.host === '') {
      this.log.info({ kind: mail.kind }, 'mail not queued: no mail server is configured');
      return false;
    }
    const id = crypto.randomUUID();
    const body = JSON.stringify({ subject: mail.subject, text: mail.text, html: mail.html ?? '' });
    await insertQueuedMail(this.db, {
      id,
      kind: mail.kind,
      recipients,
      sealedBody: sealSecret(this.config.dataDir, bodyBinding(id), body),
    });
    // After the caller's transaction (if any) commits, or at the next poll.
    if (!this.db.inTransaction()) this.kick();
    return true;
  }

  /** Works the queue until nothing is due; a kick during a run makes it look again. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.log.warn({ error: String(error) }, 'mail queue'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.stopped) {
          this.again = false;
          this.kick();
        }
      });
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const mail = await claimDueMail(this.db, INSTANCE_ID, Date.now() + CLAIM_MS);
      if (!mail) return;
      const attempt = mail.attempts + 1;
      const opened = openSecret(this.config.dataDir, bodyBinding(mail.id), mail.sealedBody);
      if (opened === null) {
        await markMailFailed(this.db, mail.id, 'body unreadable (sealed with another key)', null);
        continue;
      }
      const body = JSON.parse(opened) as { subject: string; text: string; html: string };
      const settings = await smtpSettings(this.db, this.config);
      const transport = smtpTransport(settings, this.config);
      try {
        const info = await transport.sendMail({
          from: senderOf(settings),
          to: mail.recipients,
          subject: prefixedSubject(settings, body.subject),
          text: body.text,
          ...(body.html ? { html: body.html } : {}),
        });
        await markMailSent(this.db, mail.id);
        this.log.info(
          {
            mail: mail.id,
            kind: mail.kind,
            recipients: mail.recipients.length,
            attempt,
            answer: info.response,
          },
          'mail sent',
        );
      } catch (error) {
        const reason = describeMailError(error, settings, 'en');
        const retryAt = attempt < MAX_ATTEMPTS ? Date.now() + RETRY_BASE_MS * 2 ** (attempt - 1) : null;
        await markMailFailed(this.db, mail.id, reason, retryAt);
        this.log.warn(
          { mail: mail.id, kind: mail.kind, recipients: mail.recipients.length, attempt, error: reason },
          retryAt === null ? 'mail given up' : 'mail failed, will retry',
        );
      } finally {
        transport.close();
      }
    }
  }
}

const queues = new WeakMap<Database, MailQueue>();

export const installMailQueue = (db: Database, queue: MailQueue): void => void queues.set(db, queue);

/**
 * Sends a mail from the system (docs/mail.md#sending-mail): queued, and sent by whichever instance claims
 * it. Answers false (and sends nothing) when no mail server is configured or this database has no running
 * server (a seed, the command line). The message-subscription channels call this for e-mail.
 */
/** The configuration of the server running on `db`, or null (a seed, the command line). */
export const mailingConfig = (db: Database): ServerConfig | null => queues.get(db)?.config ?? null;

export async function sendSystemMail(db: Database, mail: SystemMail): Promise<boolean> {
  const queue = queues.get(db);
  return queue ? queue.enqueue(mail) : false;
}
