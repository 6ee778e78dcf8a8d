import type { Database } from '../data/database';
import type { Label } from '../engine/declaration';
import { sendSiteMessage } from './send-site-message';

/** One message as every channel receives it: a plain-text subject and an HTML body (escaped by the sender). */
export interface ChannelMessage {
  subject: string;
  message: string;
}

/**
 * A way to deliver system messages (docs/message-subscriptions.md#channels): `site_msg` here; e-mail and
 * others register themselves beside it. `send` gets users, never addresses: a channel finds its own.
 */
export interface MessageChannel {
  /** v2.21's backend name (`site_msg`, `email`, `wecom`, …). */
  name: string;
  label: Label;
  /** Every user receives it whatever their own switches say (the site message, as in v2.21). */
  alwaysOn?: boolean;
  /** Whether it is offered now (an IM source that is switched off is not); absent = always. */
  enabled?(): Promise<boolean>;
  send(db: Database, userIds: readonly string[], message: ChannelMessage): Promise<void>;
}

const SITE_MESSAGE_CHANNEL: MessageChannel = {
  name: 'site_msg',
  label: { zh: '站内信', en: 'Site message', ja: 'サイト内メッセージ' },
  alwaysOn: true,
  send: async (db, userIds, message) => {
    await sendSiteMessage(db, { userIds, subject: message.subject, message: message.message });
  },
};

const byDatabase = new WeakMap<Database, MessageChannels>();

/** The channels of one server (per database, as the settings cache is): site messages, plus those added. */
export class MessageChannels {
  private readonly channels = new Map<string, MessageChannel>([
    [SITE_MESSAGE_CHANNEL.name, SITE_MESSAGE_CHANNEL],
  ]);

  static of(db: Database): MessageChannels {
    let channels = byDatabase.get(db);
    if (!channels) {
      channels = new MessageChannels();
      byDatabase.set(db, channels);
    }
    return channels;
  }

  /** Adds (or replaces) a channel, e.g. e-mail once the mail settings exist. */
  add(channel: MessageChannel): void {
    this.channels.set(channel.name, channel);
  }

  all(): MessageChannel[] {
    return [...this.channels.values()];
  }

  /** The channels offered now: each without an `enabled` check, or whose check says so. */
  async offered(): Promise<MessageChannel[]> {
    const on: MessageChannel[] = [];
    for (const channel of this.channels.values())
      if (!channel.enabled || (await channel.enabled())) on.push(channel);
    return on;
  }

  get(name: string): MessageChannel | undefined {
    return this.channels.get(name);
  }
}
