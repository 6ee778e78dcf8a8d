import type { Lang } from '../http/language';
import { messageCatalogue } from '../http/message-catalogue';
import { escapeHtml } from '../resources/tickets/escape-html';
import { LOGIN_PATH } from '../auth/login-paths';

/** The texts of the forgotten-password and reset pages (docs/mail.md#password-reset-links). */
export const resetMessage = messageCatalogue({
  forgotTitle: { en: 'Forgot password', zh: '忘记密码', ja: 'パスワードを忘れた' },
  forgotHelp: {
    en: 'Enter the e-mail address of your account: a link to set a new password will be sent to it.',
    zh: '请输入账号的邮件地址，我们会把设置新密码的链接发送到该地址。',
    ja: 'アカウントのメールアドレスを入力してください。新しいパスワードを設定するリンクを送信します。',
  },
  email: { en: 'E-mail', zh: '邮箱', ja: 'メール' },
  send: { en: 'Send the link', zh: '发送链接', ja: 'リンクを送信' },
  sentNotice: {
    en: 'If the address belongs to an account, a link has been sent to it. It works once and for {hours} hours.',
    zh: '如果该地址属于某个账号，链接已发送至该地址。链接只能使用一次，{hours} 小时内有效。',
    ja: 'そのアドレスのアカウントがあれば、リンクを送信しました。リンクは一度だけ、{hours} 時間有効です。',
  },
  emailInvalid: {
    en: 'Please enter your email address',
    zh: '请输入邮箱地址',
    ja: 'メールアドレスを入力してください',
  },
  tooMany: {
    en: 'Too many requests: please try again in {minutes} minutes.',
    zh: '请求过于频繁，请 {minutes} 分钟后再试。',
    ja: 'リクエストが多すぎます。{minutes} 分後にもう一度お試しください。',
  },
  resetTitle: { en: 'Set a new password', zh: '设置新密码', ja: '新しいパスワードを設定' },
  newPassword: { en: 'New password', zh: '新密码', ja: '新しいパスワード' },
  confirmPassword: { en: 'Confirm password', zh: '确认密码', ja: 'パスワードの確認' },
  mismatch: {
    en: 'The two passwords do not match.',
    zh: '两次输入的密码不一致。',
    ja: '2つのパスワードが一致しません。',
  },
  save: { en: 'Set the password', zh: '设置密码', ja: 'パスワードを設定' },
  linkInvalid: {
    en: 'This link is invalid or has expired, or has been used already. Ask for a new one.',
    zh: '该链接无效、已过期或已被使用，请重新申请。',
    ja: 'このリンクは無効、期限切れ、または使用済みです。新しいリンクを申請してください。',
  },
  done: {
    en: 'Your password has been set. You can sign in with it now.',
    zh: '密码已设置，现在可以用它登录。',
    ja: 'パスワードを設定しました。このパスワードでサインインできます。',
  },
  toLogin: { en: 'Go to sign in', zh: '去登录', ja: 'サインインへ' },
  askAgain: { en: 'Ask for a new link', zh: '重新申请链接', ja: '新しいリンクを申請' },
});

const STYLE = `body{font-family:system-ui,sans-serif;background:#f3f4f6;margin:0;display:flex;justify-content:center}
main{background:#fff;margin-top:10vh;padding:2rem;border-radius:8px;width:min(28rem,92vw);box-shadow:0 1px 4px #0002}
h1{font-size:1.3rem;margin-top:0}label{display:block;margin:.8rem 0 .3rem}input{width:100%;box-sizing:border-box;padding:.5rem}
button{margin-top:1.2rem;padding:.55rem 1.2rem}.error{color:#b91c1c}.notice{color:#166534}p{line-height:1.5}`;

export interface PageParts {
  lang: Lang;
  title: string;
  /** Already-escaped HTML of the page's body. */
  body: string;
}

export function renderPage({ lang, title, body }: PageParts): string {
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>
<style>${STYLE}</style></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}

export const paragraph = (text: string, cls = '', testId = ''): string =>
  `<p${cls ? ` class="${cls}"` : ''}${testId ? ` data-testid="${testId}"` : ''}${cls === 'error' ? ' role="alert"' : ''}>${escapeHtml(text)}</p>`;

export const link = (href: string, text: string): string =>
  `<p><a href="${escapeHtml(href)}">${escapeHtml(text)}</a></p>`;

export const toLogin = (lang: Lang): string => link(LOGIN_PATH, resetMessage('toLogin', lang));

export const hidden = (name: string, value: string): string =>
  `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`;

export const input = (name: string, label: string, type: string, value = '', autocomplete = ''): string =>
  `<label for="${name}">${escapeHtml(label)}</label><input id="${name}" name="${name}" type="${type}" value="${escapeHtml(value)}"${autocomplete ? ` autocomplete="${autocomplete}"` : ''} required>`;
