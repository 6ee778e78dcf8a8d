import { messageCatalogue, type MessageLookup } from '../../http/message-catalogue';
import type { Label } from '../../engine/declaration';

/**
 * Every user-visible message of the tickets area, in the three console languages. Wording follows v2.21
 * (tickets/serializers, tickets/handler, tickets/const) where it has one.
 */
export const TICKET_MESSAGES = {
  flowMissing: {
    en: 'The ticket flow `{type}` does not exist',
    zh: '工单流程 `{type}` 不存在',
    ja: 'チケットフロー `{type}` が存在しません',
  },
  typeMismatch: {
    en: 'The `type` in the submission data (`{sent}`) is different from the type in the request url (`{url}`)',
    zh: '提交数据中的类型 (`{sent}`) 与请求URL地址中的类型 (`{url}`) 不一致',
    ja: '送信データの `type` (`{sent}`) がリクエスト URL の type (`{url}`) と異なります',
  },
  systemType: {
    en: 'Tickets of this type are created by the system and cannot be opened here',
    zh: '该类型的工单由系统创建，不能在此申请',
    ja: 'この種類のチケットはシステムが作成するため、ここでは申請できません',
  },
  applicationsMissing: {
    en: 'Application permissions cannot be requested yet: this installation has no applications',
    zh: '暂不能申请应用授权：当前系统还没有应用',
    ja: 'アプリケーション権限はまだ申請できません: このシステムにはアプリケーションがありません',
  },
  orgUnavailable: {
    en: 'The organization `{org}` does not exist',
    zh: '组织 `{org}` 不存在',
    ja: '組織 `{org}` が存在しません',
  },
  assetOrNode: {
    en: 'Select at least one asset or node',
    zh: '资产或者节点至少选择一项',
    ja: '少なくとも1つのアセットまたはノードを選択してください',
  },
  dateOrder: {
    en: 'The expiration date must be later than the start date',
    zh: '失效日期必须晚于开始日期',
    ja: '有効期限は開始日より後でなければなりません',
  },
  permissionTaken: {
    en: 'Permission named `{name}` already exists',
    zh: '授权规则名称 `{name}` 已存在',
    ja: '`{name}` という名前の権限は既に存在します',
  },
  systemUsersMissing: {
    en: 'System users are not available yet: leave this list empty',
    zh: '暂不支持系统用户：请留空此列表',
    ja: 'システムユーザーはまだ利用できません: このリストは空のままにしてください',
  },
  defaultPermissionName: {
    en: 'Created by ticket ({title}-{id})',
    zh: '创建自工单 ({title}-{id})',
    ja: 'チケットで作成 ({title}-{id})',
  },
  permissionComment: {
    en: 'Created by the ticket, ticket title: {title}, ticket applicant: {applicant}, ticket processor: {processor}, ticket ID: {id}',
    zh: '通过工单创建, 工单标题: {title}, 工单申请人: {applicant}, 工单处理人: {processor}, 工单 ID: {id}',
    ja: 'チケットによって作成されました, チケットタイトル: {title}, チケット申請者: {applicant}, チケット処理者: {processor}, チケットID: {id}',
  },
  alreadyClosed: {
    en: 'Ticket already closed',
    zh: '工单已经关闭',
    ja: 'チケットはすでにクローズされています',
  },
  ticketNotFound: {
    en: 'Not found Ticket object about `id={id}`',
    zh: '没有发现工单 `id={id}`',
    ja: 'チケットオブジェクト `id={id}` が見つかりません',
  },
  actionComment: {
    en: '{user} {action} the ticket',
    zh: '{user} {action} 了工单',
    ja: '{user} がチケットを{action}しました',
  },
  assigneesRequired: {
    en: 'Please select the Assignees',
    zh: '请选择受理人',
    ja: '受付者を選択してください',
  },
  flowTypeTaken: {
    en: 'The current organization type already exists',
    zh: '当前组织已存在该类型',
    ja: '現在の組織にはこのタイプが既に存在します',
  },
  rulesCount: {
    en: 'Provide one rule per approval level (1 or 2 rules).',
    zh: '每个审批级别需要一条规则（1 或 2 条）。',
    ja: '承認レベルごとに1つのルールを指定してください (1 または 2 個)。',
  },
  siteMessageSubject: {
    en: 'New ticket waiting for your approval: {title}',
    zh: '新的工单等待您审批: {title}',
    ja: '承認待ちの新しいチケット: {title}',
  },
  siteMessageIntro: {
    en: '{applicant} opened a ticket that waits for your approval.',
    zh: '{applicant} 提交了一个工单，等待您审批。',
    ja: '{applicant} が承認待ちのチケットを提出しました。',
  },
  basicInfo: { en: 'Ticket basic info', zh: '工单基本信息', ja: 'チケットの基本情報' },
  appliedInfo: { en: 'Ticket applied info', zh: '工单申请信息', ja: 'チケット申請情報' },
  ticketTitle: { en: 'Ticket title', zh: '工单标题', ja: 'チケットタイトル' },
  ticketType: { en: 'Ticket type', zh: '工单类型', ja: 'チケットタイプ' },
  ticketStatus: { en: 'Ticket status', zh: '工单状态', ja: 'チケットステータス' },
  ticketApplicant: { en: 'Ticket applicant', zh: '工单申请人', ja: 'チケット申請者' },
  noContent: { en: 'No content', zh: '无内容', ja: 'コンテンツなし' },
  appliedPermissionName: { en: 'Applied permission name', zh: '申请授权名称', ja: '申請権限名' },
  appliedNodes: { en: 'Applied node group', zh: '申请的节点组', ja: '申請ノードグループ' },
  appliedAssets: { en: 'Applied hostname group', zh: '申请的主机名组', ja: '申請ホスト名グループ' },
  appliedSystemUsers: {
    en: 'Applied system user group',
    zh: '申请的系统用户组',
    ja: '申請システムユーザーグループ',
  },
  appliedActions: { en: 'Applied actions', zh: '申请的动作', ja: '申請アクション' },
  appliedDateStart: { en: 'Applied date start', zh: '申请的开始日期', ja: '申請開始日' },
  appliedDateExpired: { en: 'Applied date expired', zh: '申请的失效日期', ja: '申請失効日' },
  actionOpen: { en: 'Open', zh: '打开', ja: 'オープン' },
  actionApprove: { en: 'Approve', zh: '同意', ja: '承認' },
  actionReject: { en: 'Reject', zh: '拒绝', ja: '拒否' },
  actionClose: { en: 'Close', zh: '关闭', ja: 'クローズ' },
} as const satisfies Record<string, Label>;

export type TicketMessage = keyof typeof TICKET_MESSAGES;

/** The message in a language, with `{name}` placeholders filled. */
export const ticketMessage: MessageLookup<TicketMessage> = messageCatalogue(TICKET_MESSAGES);
