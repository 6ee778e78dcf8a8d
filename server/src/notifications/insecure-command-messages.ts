import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import type { ResourceDirectory } from '../engine/declaration';
import { messageCatalogue } from '../http/message-catalogue';
import { RISK_LEVELS } from '../resources/terminal/commands';
import { escapeHtml } from '../resources/tickets/escape-html';
import { categoryValues } from '../settings/settings-values';
import { publishSystemMessage } from './system-messages';

const COMMANDS_URL = '/api/v1/terminal/commands/';
/** At most this many commands are named in one alert (a batch may hold hundreds). */
const MAX_LISTED = 20;

const text = messageCatalogue({
  subject: {
    en: 'Insecure command alert: {user} on {asset}',
    zh: '危险命令告警：{user} 在 {asset}',
    ja: '危険なコマンドの警告：{asset} 上の {user}',
  },
  body: {
    en: 'User {user} ran a dangerous command on {asset} as {systemUser} (session {session}):',
    zh: '用户 {user} 以 {systemUser} 身份在 {asset} 上执行了危险命令（会话 {session}）：',
    ja: 'ユーザー {user} が {asset} 上で {systemUser} として危険なコマンドを実行しました（セッション {session}）：',
  },
});

interface PostedCommand {
  user?: unknown;
  asset?: unknown;
  system_user?: unknown;
  session?: unknown;
  input?: unknown;
  risk_level?: unknown;
}

const dangerous = (body: unknown): PostedCommand[] =>
  (Array.isArray(body) ? body : [body]).filter(
    (item): item is PostedCommand =>
      item !== null &&
      typeof item === 'object' &&
      Number((item as PostedCommand).risk_level) >= RISK_LEVELS.dangerous,
  );

/**
 * The `insecure_command` system message (docs/message-subscriptions.md): when a terminal component's post
 * of commands is accepted (201) and holds commands of the dangerous risk level, and the security setting
 * SECURITY_INSECURE_COMMAND is on, the subscribers are told — one message per (user, asset, session) of
 * the batch. A refused post, ordinary commands or the switch off: nothing is sent.
 */
export function registerInsecureCommandAlerts(
  app: FastifyInstance,
  ctx: AppContext,
  resources: ResourceDirectory,
): void {
  // Before the answer leaves (onSend): when the component has its 201, the alert is out.
  // A callback hook: every other answer passes without a promise (docs/data-layer.md#the-fast-path).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.method !== 'POST' || request.routeOptions.url !== COMMANDS_URL || reply.statusCode !== 201)
      return done(null, payload);
    const commands = dangerous(request.body);
    if (commands.length === 0) return done(null, payload);
    void alert(request, commands).then(() => done(null, payload));
  });

  async function alert(request: FastifyRequest, commands: PostedCommand[]): Promise<void> {
    try {
      const security = await categoryValues(ctx.db, ctx.config, 'security');
      if (security.SECURITY_INSECURE_COMMAND !== true) return;
      const groups = new Map<string, PostedCommand[]>();
      for (const command of commands) {
        const key = JSON.stringify([command.user, command.asset, command.system_user, command.session]);
        groups.set(key, [...(groups.get(key) ?? []), command]);
      }
      for (const group of groups.values()) {
        const first = group[0] as PostedCommand;
        const values = {
          user: String(first.user ?? ''),
          asset: String(first.asset ?? ''),
          systemUser: String(first.system_user ?? ''),
          session: String(first.session ?? ''),
        };
        const listed = group
          .slice(0, MAX_LISTED)
          .map((command) => `<li><code>${escapeHtml(String(command.input ?? ''))}</code></li>`)
          .join('');
        await publishSystemMessage(
          ctx.db,
          resources,
          'insecure_command',
          (lang) => ({
            subject: text('subject', lang, values),
            message: `<p>${escapeHtml(text('body', lang, values))}</p><ul>${listed}</ul>`,
          }),
          'en',
        );
      }
    } catch (error) {
      request.log.warn({ err: error }, 'insecure command alert not sent');
    }
  }
}
