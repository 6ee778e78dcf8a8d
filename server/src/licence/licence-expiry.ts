import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import type { Database } from '../data/database';
import { schedulePeriodic } from '../data/periodic-jobs';
import type { ResourceDirectory } from '../engine/declaration';
import { messageCatalogue } from '../http/message-catalogue';
import { publishSystemMessage } from '../notifications/system-messages';
import { currentLicense, type LicenseConfig } from '../plugins/license';
import { escapeHtml } from '../resources/tickets/escape-html';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Subscribers hear of the licence from this many days before it expires (the console's banner: 7). */
export const LICENCE_NOTICE_DAYS = 7;

const text = messageCatalogue({
  expiring: {
    en: 'The licence expires in {days} day(s)',
    zh: '许可证将在 {days} 天后过期',
    ja: 'ライセンスはあと {days} 日で期限切れになります',
  },
  expired: {
    en: 'The licence expired {days} day(s) ago',
    zh: '许可证已过期 {days} 天',
    ja: 'ライセンスは {days} 日前に期限切れになりました',
  },
  body: {
    en: 'The licence of {corporation} ({edition}) expires on {date}. Import a renewed licence under Settings → Licence.',
    zh: '{corporation}（{edition}）的许可证到期日为 {date}。请在 系统设置 → 许可证 导入续期的许可证。',
    ja: '{corporation}（{edition}）のライセンスの有効期限は {date} です。設定 → ライセンス で更新したライセンスをインポートしてください。',
  },
});

/**
 * One day's licence check (docs/message-subscriptions.md): when the licence in force expires within
 * LICENCE_NOTICE_DAYS days, or has expired, the subscribers of `license_expiry` are told. Without a
 * licence, or with one far from its end, nothing is sent. Returns whether a message went out.
 */
export async function sendLicenceExpiryNotice(
  db: Database,
  resources: ResourceDirectory,
  config: LicenseConfig,
  now = Date.now(),
): Promise<boolean> {
  const licence = await currentLicense(db, config, now);
  if (!licence.installed || licence.dateExpired === null) return false;
  const left = licence.dateExpired - now;
  if (left > LICENCE_NOTICE_DAYS * DAY_MS) return false;
  const reached = await publishSystemMessage(
    db,
    resources,
    'license_expiry',
    (lang) => ({
      subject:
        left > 0
          ? text('expiring', lang, { days: Math.ceil(left / DAY_MS) })
          : text('expired', lang, { days: Math.floor(-left / DAY_MS) }),
      message: `<p>${escapeHtml(
        text('body', lang, {
          corporation: licence.corporation,
          edition: licence.edition,
          date: new Date(licence.dateExpired ?? now).toISOString().slice(0, 10),
        }),
      )}</p>`,
    }),
    'en',
  );
  return Object.keys(reached).length > 0;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** One licence-expiry check now (tests; the daily job runs the same). */
    runLicenceExpiryCheck(now?: number): Promise<boolean>;
  }
}

/** The daily licence-expiry check, run by one instance per day across all that share the database. */
export function registerLicenceExpiry(
  app: FastifyInstance,
  ctx: AppContext,
  resources: ResourceDirectory,
): void {
  const run = (now?: number) => sendLicenceExpiryNotice(ctx.db, resources, ctx.config, now);
  app.decorate('runLicenceExpiryCheck', run);
  const stop = schedulePeriodic(
    ctx.db,
    { name: 'licence-expiry', everyMs: DAY_MS, firstAfterMs: 90_000, work: async () => void (await run()) },
    (message) => app.log.warn(message),
  );
  app.addHook('preClose', async () => stop());
}
