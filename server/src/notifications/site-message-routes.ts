import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { requireAuth } from '../auth/session-auth';
import { formatDateTime, formatNullableDateTime, requestTimeZone } from '../http/datetime';
import { notFound } from '../http/api-error';
import { pageResponse, parsePageRequest } from '../http/pagination';
import { notifyUnreadChanged } from './events';
import {
  countUnread,
  findSiteMessage,
  listSiteMessages,
  markSiteMessagesRead,
  type SiteMessageRecord,
} from '../data/stores/site-message-store';

export const SITE_MESSAGE_URL = '/api/v1/notifications/site-message/';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** DRF BooleanFilter tolerance: true/True/1 and false/False/0; anything else = no filter. */
export function parseBooleanFilter(value: unknown): boolean | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string') return undefined;
  const lower = text.trim().toLowerCase();
  if (lower === 'true' || lower === '1') return true;
  if (lower === 'false' || lower === '0') return false;
  return undefined;
}

function serialize(record: SiteMessageRecord, timeZone: string) {
  return {
    id: record.id,
    subject: record.subject,
    message: record.message,
    has_read: record.hasRead,
    read_at: formatNullableDateTime(record.readAt, timeZone),
    date_created: formatDateTime(record.dateCreated, timeZone),
    date_updated: formatDateTime(record.dateUpdated, timeZone),
    sender: record.senderName,
  };
}

/** A 400 in the DRF field-error shape. */
function fieldError(reply: import('fastify').FastifyReply, field: string, message: string) {
  return reply.code(400).send({ [field]: [message] });
}

/**
 * Site messages (docs/site-messages.md#api): every signed-in user reads and marks only their own messages.
 */
export function registerSiteMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const tz = (request: FastifyRequest) => requestTimeZone(request.headers['x-tz']);

  app.get(SITE_MESSAGE_URL, async (request) => {
    const auth = requireAuth(request);
    const query = request.query as Record<string, unknown>;
    const page = parsePageRequest(query);
    const { count, rows } = await listSiteMessages(ctx.db, {
      userId: auth.user.id,
      hasRead: parseBooleanFilter(query.has_read),
      limit: page.limit,
      offset: page.offset,
    });
    const results = rows.map((row) => serialize(row, tz(request)));
    if (page.limit === null) return results;
    return pageResponse(request, ctx.config.host, { limit: page.limit, offset: page.offset }, count, results);
  });

  app.get(`${SITE_MESSAGE_URL}unread-total/`, async (request) => {
    const auth = requireAuth(request);
    return { total: await countUnread(ctx.db, auth.user.id) };
  });

  app.patch(`${SITE_MESSAGE_URL}mark-as-read/`, async (request, reply) => {
    const auth = requireAuth(request);
    const body = request.body as { ids?: unknown } | null | undefined;
    const ids = body?.ids;
    if (!Array.isArray(ids) || ids.length === 0) return fieldError(reply, 'ids', 'This field is required.');
    if (ids.length > 1000 || !ids.every((id) => typeof id === 'string' && UUID.test(id))) {
      return fieldError(reply, 'ids', 'Must be a list of valid UUIDs.');
    }
    if ((await markSiteMessagesRead(ctx.db, auth.user.id, ids as string[])) > 0)
      await notifyUnreadChanged(ctx.db, [auth.user.id]);
    return { detail: 'ok' };
  });

  app.patch(`${SITE_MESSAGE_URL}mark-as-read-all/`, async (request) => {
    const auth = requireAuth(request);
    if ((await markSiteMessagesRead(ctx.db, auth.user.id, null)) > 0)
      await notifyUnreadChanged(ctx.db, [auth.user.id]);
    return { detail: 'ok' };
  });

  app.get<{ Params: { id: string } }>(`${SITE_MESSAGE_URL}:id/`, async (request) => {
    const auth = requireAuth(request);
    const id = request.params.id;
    const record = UUID.test(id) ? await findSiteMessage(ctx.db, auth.user.id, id) : null;
    if (!record) throw notFound();
    return serialize(record, tz(request));
  });
}
