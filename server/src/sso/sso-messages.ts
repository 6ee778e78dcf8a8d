import { messageCatalogue, type MessageLookup } from '../http/message-catalogue';

/** What the sign-in sources of docs/auth-sources.md tell a person on the login page, in zh/en/ja. */
const MESSAGES = {
  sourceOff: {
    en: 'Sign-in with {source} is turned off.',
    zh: '{source} 登录未开启。',
    ja: '{source} でのサインインは無効です。',
  },
  noSiteUrl: {
    en: 'Sign-in with {source} needs the console address (Settings › Basic: site URL).',
    zh: '{source} 登录需要控制台地址（设置 › 基本：站点地址）。',
    ja: '{source} でのサインインにはコンソールのアドレスが必要です（設定 › 基本：サイト URL）。',
  },
  providerFailed: {
    en: 'The {source} provider could not be reached or refused: {detail}',
    zh: '无法连接 {source} 提供方或被拒绝：{detail}',
    ja: '{source} プロバイダーに接続できないか拒否されました：{detail}',
  },
  flowExpired: {
    en: 'This sign-in was not started here or took too long; please start again.',
    zh: '此登录并非从这里开始或已超时，请重新开始。',
    ja: 'このサインインはここで開始されていないか、時間切れです。もう一度お試しください。',
  },
  noUsername: {
    en: 'The provider did not send the username claim "{claim}".',
    zh: '提供方未发送用户名声明“{claim}”。',
    ja: 'プロバイダーはユーザー名クレーム「{claim}」を送信しませんでした。',
  },
  unknownUser: {
    en: 'The user {username} does not exist here, and creating users from {source} is turned off.',
    zh: '用户 {username} 在此不存在，且未开启从 {source} 创建用户。',
    ja: 'ユーザー {username} はここに存在せず、{source} からのユーザー作成は無効です。',
  },
  otherSource: {
    en: 'The user {username} belongs to another sign-in source and cannot sign in with {source}.',
    zh: '用户 {username} 属于其他登录来源，不能通过 {source} 登录。',
    ja: 'ユーザー {username} は別のサインイン元に属しているため、{source} ではサインインできません。',
  },
  createFailed: {
    en: 'The user {username} could not be created: {detail}',
    zh: '无法创建用户 {username}：{detail}',
    ja: 'ユーザー {username} を作成できませんでした：{detail}',
  },
  redirecting: {
    en: 'Redirecting you to {source} to sign in…',
    zh: '正在跳转到 {source} 登录…',
    ja: '{source} のサインインへ移動しています…',
  },
  imNotBound: {
    en: 'This {source} account is not bound to any user here. Sign in with your password, then bind it from your profile.',
    zh: '此 {source} 账号未绑定本系统的任何用户。请先用密码登录，再在个人信息中绑定。',
    ja: 'この {source} アカウントはここのどのユーザーにも紐付けられていません。パスワードでサインインしてから、プロフィールで紐付けてください。',
  },
  imTaken: {
    en: 'This {source} account is already bound to another user.',
    zh: '此 {source} 账号已绑定其他用户。',
    ja: 'この {source} アカウントは既に別のユーザーに紐付けられています。',
  },
  imBound: {
    en: 'Your {source} account is bound.',
    zh: '{source} 账号绑定成功。',
    ja: '{source} アカウントを紐付けました。',
  },
  imUnbound: {
    en: 'Your {source} account is unbound.',
    zh: '{source} 账号已解绑。',
    ja: '{source} アカウントの紐付けを解除しました。',
  },
  imSignInFirst: {
    en: 'Sign in first to bind your {source} account.',
    zh: '请先登录，再绑定 {source} 账号。',
    ja: '{source} アカウントを紐付けるには、先にサインインしてください。',
  },
  logoutUnconfirmed: {
    en: 'You are signed out of the console, but the {source} provider did not confirm its own sign-out: {detail}',
    zh: '您已退出控制台，但 {source} 提供方未确认其自身的退出：{detail}',
    ja: 'コンソールからはサインアウトしましたが、{source} プロバイダーは自身のサインアウトを確認しませんでした：{detail}',
  },
  logoutRequestRefused: {
    en: 'A sign-out request from the {source} provider was refused: {detail}',
    zh: '来自 {source} 提供方的退出请求被拒绝：{detail}',
    ja: '{source} プロバイダーからのサインアウト要求は拒否されました：{detail}',
  },
  backToProfile: { en: 'Back to your profile', zh: '返回个人信息', ja: 'プロフィールに戻る' },
} as const;

export type SsoMessage = keyof typeof MESSAGES;

export const ssoMessage: MessageLookup<SsoMessage> = messageCatalogue(MESSAGES);
