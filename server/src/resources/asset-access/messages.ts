import type { Label } from '../../engine/declaration';
import { messageCatalogue, type MessageLookup } from '../../http/message-catalogue';

/** User-visible messages of system users, domains, gateways and command filters, in zh, en and ja. */
export const ACCESS_MESSAGES = {
  nameTaken: {
    en: 'This name is already used in this organization.',
    zh: '该名称在当前组织中已被使用',
    ja: 'この名前はこの組織ですでに使用されています。',
  },
  noTemplateMarks: {
    en: 'The secret may not contain "{{".',
    zh: '密码不能包含 "{{"',
    ja: 'シークレットに "{{" を含めることはできません。',
  },
  usernameRequired: {
    en: 'A user name is required when the login mode is automatic.',
    zh: '自动登录模式下用户名不能为空',
    ja: 'ログインモードが自動の場合、ユーザー名は必須です。',
  },
  credentialRequired: {
    en: 'Give a password or a private key, or let one be generated.',
    zh: '请填写密码或私钥，或选择自动生成密钥',
    ja: 'パスワードまたは秘密鍵を入力するか、自動生成を選択してください。',
  },
  suFromRequired: {
    en: 'Choose the system user to switch from.',
    zh: '请选择切换自的系统用户',
    ja: '切り替え元のシステムユーザーを選択してください。',
  },
  suFromInvalid: {
    en: 'The user switched from must be an SSH system user with automatic login, other than this one.',
    zh: '切换自的用户必须是自动登录的 SSH 系统用户，且不能是自身',
    ja: '切り替え元は自動ログインの SSH システムユーザー（自身以外）である必要があります。',
  },
  sftpRoot: {
    en: 'Use "tmp", "home" or an absolute path starting with "/".',
    zh: '请使用 "tmp"、"home" 或以 "/" 开头的绝对路径',
    ja: '"tmp"、"home"、または "/" で始まる絶対パスを指定してください。',
  },
  dynamicTaken: {
    en: 'Only one system user per protocol may use the user name of the connecting user.',
    zh: '每个协议只能有一个系统用户使用与用户名相同的用户名',
    ja: 'プロトコルごとに、接続ユーザーと同じユーザー名を使用できるシステムユーザーは 1 つだけです。',
  },
  regexInvalid: {
    en: 'This regular expression does not compile: {reason}',
    zh: '正则表达式无效：{reason}',
    ja: '正規表現が無効です: {reason}',
  },
  filterUnknown: {
    en: 'The command filter does not exist in this organization.',
    zh: '命令过滤器在当前组织中不存在',
    ja: 'コマンドフィルターはこの組織に存在しません。',
  },
  gatewayTestOk: {
    en: 'ok',
    zh: 'ok',
    ja: 'ok',
  },
  portInvalid: {
    en: 'The port must be a whole number from 1 to 65535.',
    zh: '端口必须是 1 到 65535 之间的整数',
    ja: 'ポートは 1 から 65535 までの整数である必要があります。',
  },
  noSealingKey: {
    en: 'Secrets cannot be stored: the server has no data folder for its sealing key.',
    zh: '无法保存密钥：服务器没有存放加密密钥的数据目录',
    ja: 'シークレットを保存できません: サーバーに封印鍵用のデータフォルダーがありません。',
  },
  accountTaken: {
    en: 'This asset already has an account of this user name for this system user.',
    zh: '该资产已存在此系统用户的同名账号',
    ja: 'このアセットには、このシステムユーザーの同じユーザー名のアカウントがすでにあります。',
  },
  accountAction: {
    en: 'The action must be "test".',
    zh: '操作必须是 "test"',
    ja: 'アクションは "test" である必要があります。',
  },
  gatherTargets: {
    en: 'Choose the assets or a node to gather users from.',
    zh: '请选择要收集用户的资产或节点',
    ja: 'ユーザーを収集するアセットまたはノードを選択してください。',
  },
} as const satisfies Record<string, Label>;

export type AccessMessage = keyof typeof ACCESS_MESSAGES;

export const accessMessage: MessageLookup<AccessMessage> = messageCatalogue(ACCESS_MESSAGES);
