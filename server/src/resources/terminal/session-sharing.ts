import crypto from 'node:crypto';
import {
  defineResource,
  type RequestContext,
  type ResourceDirectory,
  type StoredRow,
} from '../../engine/declaration';
import { ResponseError } from '../../http/api-error';
import { l } from '../label';
import { canJoin, LOGIN_FROM_CHOICES } from './sessions';
import {
  TERMINAL_SESSION,
  TERMINAL_SESSION_JOIN_RECORD,
  TERMINAL_SESSION_SHARING,
  TERMINAL_TABLES,
} from './names';

const readOnly = { readOnly: true } as const;
const MINUTE = 60_000;

type Reason = 'notActive' | 'expired' | 'badCode' | 'sessionOver';
const REASONS: Record<Reason, { zh: string; en: string; ja: string }> = {
  notActive: { zh: '链接未激活', en: 'Link not active', ja: 'リンクが有効ではありません' },
  expired: { zh: '链接已过期', en: 'Link expired', ja: 'リンクの有効期限が切れています' },
  badCode: { zh: '验证码无效', en: 'Invalid verification code', ja: '認証コードが無効です' },
  sessionOver: {
    zh: '会话不存在或已结束',
    en: 'Session is not active',
    ja: 'セッションがアクティブではありません',
  },
};

/** The people named by a column of user ids, as `name(username)`, for many rows in one read. */
const peopleOf =
  (column: string) =>
  async (rows: readonly StoredRow[], ctx: RequestContext, resources: ResourceDirectory) => {
    const ids = [...new Set(rows.map((row) => String(row[column] ?? '')).filter((id) => id !== ''))];
    const users =
      ids.length === 0
        ? []
        : await resources
            .get('users.user')
            .find({ field: 'id', op: 'in', values: ids }, { ...ctx, isSystemAdmin: true });
    const names = new Map(
      users.map((user) => [String(user.id), `${String(user.name)}(${String(user.username)})`]),
    );
    return rows.map((row) => names.get(String(row[column] ?? '')) ?? '');
  };

/** Why a join through `sharing` with `code` is refused, or null (v2.21 `SessionJoinRecord.can_join`). */
export function joinRefusal(
  sharing: StoredRow,
  code: string,
  session: StoredRow | null,
  now: number,
): Reason | null {
  if (Number(sharing.is_active) !== 1) return 'notActive';
  const minutes = Number(sharing.expired_time ?? 0);
  if (minutes > 0 && Number(sharing.date_created) + minutes * MINUTE < now) return 'expired';
  if (code !== String(sharing.verify_code)) return 'badCode';
  if (!session || !canJoin(session)) return 'sessionOver';
  return null;
}

/**
 * Session sharing (`terminal.SessionSharing`, docs/terminal.md#sharing-and-joining): the owner of a live
 * session, through the component, opens a link with a verification code; others join with the code.
 */
export const sessionSharingResource = defineResource({
  name: TERMINAL_SESSION_SHARING,
  url: '/api/v1/terminal/session-sharings/',
  table: TERMINAL_TABLES.sessionSharing,
  orgScoped: true,
  journal: false,
  label: l('会话分享', 'Session sharing', 'セッション共有'),
  fields: {
    session: { kind: 'fk', to: TERMINAL_SESSION, label: l('会话', 'Session', 'セッション'), required: true },
    creator: {
      kind: 'string',
      label: l('创建者', 'Creator', '作成者'),
      maxLength: 36,
      default: '',
      ...readOnly,
    },
    creator_display: {
      kind: 'string',
      label: l('创建者', 'Creator', '作成者'),
      readOnly: true,
      computeMany: peopleOf('creator'),
    },
    verify_code: {
      kind: 'string',
      label: l('验证码', 'Verify code', '認証コード'),
      maxLength: 16,
      default: '',
      ...readOnly,
    },
    is_active: { kind: 'boolean', label: l('激活', 'Active', '有効'), default: true },
    expired_time: {
      kind: 'integer',
      label: l('过期时间(分)', 'Expired time (min)', '有効期限 (分)'),
      default: 0,
      minValue: 0,
      maxValue: 60 * 24 * 7,
    },
    date_created: {
      kind: 'datetime',
      label: l('创建日期', 'Date created', '作成日'),
      default: () => Date.now(),
      ...readOnly,
    },
  },
  searchFields: [],
  filterFields: ['session', 'is_active'],
  orderingFields: ['date_created'],
  defaultOrdering: ['-date_created'],
  fieldsMini: ['id', 'session', 'is_active'],
  bulkDelete: false,
  disabledActions: ['delete'],
  hooks: {
    beforeSave: async (data, ctx, existing, resources) => {
      if (existing) return;
      const session = await resources.get(TERMINAL_SESSION).get(String(data.session), ctx);
      if (!session || !canJoin(session))
        throw new ResponseError(400, { session: [REASONS.sessionOver[ctx.language]] });
      data.creator = ctx.userId;
      data.date_created = Date.now();
      // Four characters a person reads out and types, as v2.21 (letters and digits, no look-alikes).
      const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
      data.verify_code = Array.from(crypto.randomBytes(4), (byte) => alphabet[byte % alphabet.length]).join(
        '',
      );
    },
  },
});

/**
 * Session join records (`terminal.SessionJoinRecord`): posted by the component when someone joins a live
 * session with a sharing link's code. The server checks the link and the code; a refused join is kept with
 * its reason (is_success false) and answered 400. The component marks the leave with
 * `PATCH {id}/finished/`. The session detail's activity tab lists them.
 */
export const sessionJoinRecordResource = defineResource({
  name: TERMINAL_SESSION_JOIN_RECORD,
  url: '/api/v1/terminal/session-join-records/',
  table: TERMINAL_TABLES.sessionJoinRecord,
  orgScoped: true,
  journal: false,
  label: l('会话加入记录', 'Session join record', 'セッション参加記録'),
  fields: {
    session: { kind: 'fk', to: TERMINAL_SESSION, label: l('会话', 'Session', 'セッション'), required: true },
    sharing: {
      kind: 'fk',
      to: TERMINAL_SESSION_SHARING,
      label: l('会话分享', 'Session sharing', 'セッション共有'),
      required: true,
    },
    verify_code: {
      kind: 'string',
      label: l('验证码', 'Verify code', '認証コード'),
      maxLength: 16,
      required: true,
    },
    joiner: { kind: 'string', label: l('加入者', 'Joiner', '参加者'), maxLength: 36, default: '' },
    joiner_display: {
      kind: 'string',
      label: l('加入者', 'Joiner', '参加者'),
      readOnly: true,
      computeMany: peopleOf('joiner'),
    },
    remote_addr: {
      kind: 'string',
      label: l('远端地址', 'Remote addr', 'リモートアドレス'),
      maxLength: 128,
      nullable: true,
    },
    login_from: {
      kind: 'choice',
      label: l('登录来源', 'Login from', 'ログイン元'),
      choices: LOGIN_FROM_CHOICES,
      default: 'WT',
      display: true,
    },
    date_joined: {
      kind: 'datetime',
      label: l('加入日期', 'Date joined', '参加日'),
      default: () => Date.now(),
      ...readOnly,
    },
    date_left: { kind: 'datetime', label: l('离开日期', 'Date left', '退出日'), nullable: true, ...readOnly },
    is_success: { kind: 'boolean', label: l('是否成功', 'Is success', '成功'), default: true, ...readOnly },
    reason: { kind: 'text', label: l('原因', 'Reason', '理由'), maxLength: 1024, default: '', ...readOnly },
    is_finished: {
      kind: 'boolean',
      label: l('是否结束', 'Is finished', '終了'),
      default: false,
      ...readOnly,
    },
  },
  searchFields: [],
  filterFields: ['session', 'sharing', 'joiner', 'login_from', 'is_success', 'is_finished'],
  orderingFields: ['date_joined'],
  defaultOrdering: ['-date_joined'],
  fieldsMini: ['id', 'session', 'joiner', 'date_joined'],
  dateRangeField: 'date_joined',
  bulkDelete: false,
  disabledActions: ['change', 'delete'],
  hooks: {
    beforeSave: async (data, ctx, existing, resources) => {
      if (existing) return;
      const sharing = await resources.get(TERMINAL_SESSION_SHARING).get(String(data.sharing), ctx);
      const session = await resources.get(TERMINAL_SESSION).get(String(data.session), ctx);
      if (!sharing || String(sharing.session) !== String(data.session))
        throw new ResponseError(400, { sharing: [REASONS.notActive[ctx.language]] });
      const refusal = joinRefusal(sharing, String(data.verify_code), session, Date.now());
      // Read-only columns take no input default: the hook sets them all.
      data.is_success = refusal === null;
      data.reason = refusal === null ? '' : REASONS[refusal][ctx.language];
      data.is_finished = false;
      data.date_joined = Date.now();
      data.date_left = null;
    },
  },
  // A refused join is recorded, then answered 400 with its reason (v2.21).
  createAnswer: (row) =>
    Number(row.is_success) === 1
      ? null
      : { status: 400, body: { detail: String(row.reason), code: 'join_refused' } },
  extraActions: [
    {
      path: 'finished/',
      detail: true,
      methods: ['PATCH'],
      permissions: ['terminal.change_sessionjoinrecord'],
      handler: async ({ row, resources }) => {
        if (row && Number(row.is_finished) !== 1)
          await resources
            .get(TERMINAL_SESSION_JOIN_RECORD)
            .setColumns(String(row.id), { is_finished: true, date_left: Date.now() });
        return { body: { msg: 'ok' } };
      },
    },
  ],
});
