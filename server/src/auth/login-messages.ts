import { messageCatalogue, type MessageLookup } from '../http/message-catalogue';

/** Login-form messages with the wording of v2.21 (authentication/errors.py) in its three languages. */
const MESSAGES = {
  wrongPassword: {
    en: 'The username or password you entered is incorrect, please enter it again. You can also try {times} times (The account will be temporarily locked for {minutes} minutes)',
    zh: '您输入的用户名或密码不正确，请重新输入。 您还可以尝试 {times} 次（账号将被临时 锁定 {minutes} 分钟）',
    ja: '入力したユーザー名またはパスワードが正しくありません。再度入力してください。 あと {times} 回試すことができます（アカウントは {minutes} 分間一時的にロックされます）',
  },
  userBlocked: {
    en: 'The account has been locked (please contact admin to unlock it or try again after {minutes} minutes)',
    zh: '账号已被锁定 (请联系管理员解锁或{minutes}分钟后重试)',
    ja: 'アカウントがロックされています (管理者に連絡してロックを解除するか、{minutes}分後にもう一度お試しください)',
  },
  ipBlocked: {
    en: 'The address has been locked (please contact admin to unlock it or try again after {minutes} minutes)',
    zh: 'IP地址已被锁定 (请联系管理员解锁或{minutes}分钟后重试)',
    ja: 'IPがロックされています (管理者に連絡してロックを解除するか、{minutes}分後にもう一度お試しください)',
  },
  inactive: {
    en: 'This account is inactive.',
    zh: '此账号已被禁用',
    ja: 'このアカウントは無効です。',
  },
  expired: {
    en: 'This account is expired.',
    zh: '此账号已过期',
    ja: 'このアカウントは期限切れです。',
  },
  usernameTooLong: {
    en: 'Ensure the username has at most 100 characters.',
    zh: '用户名不能超过 100 个字符',
    ja: 'ユーザー名は100文字以内で入力してください。',
  },
  required: {
    en: 'Please enter your username and password.',
    zh: '请输入用户名和密码',
    ja: 'ユーザー名とパスワードを入力してください。',
  },
  aclRejected: {
    en: 'The current login IP or time period is not allowed',
    zh: '当前登录IP或时间段不被允许',
    ja: '現在のログインIPまたは期間は許可されていません',
  },
  aclConfirm: {
    en: 'This login needs the confirmation of a reviewer, which this server cannot ask for yet; contact the administrator',
    zh: '此次登录需要审批人复核，但当前系统尚不支持登录复核，请联系管理员',
    ja: 'このログインにはレビュー担当者の確認が必要ですが、まだサポートされていません。管理者に連絡してください',
  },
  radiusUnavailable: {
    en: 'The RADIUS server that checks this password did not answer; try again later or contact the administrator',
    zh: '校验此密码的 RADIUS 服务器没有响应，请稍后重试或联系管理员',
    ja: 'このパスワードを確認する RADIUS サーバーが応答しませんでした。後でもう一度試すか、管理者に連絡してください',
  },
} as const;

export type LoginMessage = keyof typeof MESSAGES;

/** The message in a language, with `{name}` placeholders filled. */
export const loginMessage: MessageLookup<LoginMessage> = messageCatalogue(MESSAGES);
