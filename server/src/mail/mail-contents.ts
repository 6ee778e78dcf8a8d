import type { Lang } from '../http/language';
import { messageCatalogue } from '../http/message-catalogue';
import { escapeHtml } from '../resources/tickets/escape-html';

/**
 * The system's mails and their contents (docs/mail.md#contents). Each part may be replaced in the
 * email_content settings; a blank part uses the built-in text. Everything an administrator or a user typed
 * is text: it is escaped into the HTML part, never taken as markup.
 */
export type MailKind = 'user_created' | 'reset_password' | 'password_expiry';

export const MAIL_KINDS: readonly MailKind[] = ['user_created', 'reset_password', 'password_expiry'];

const builtIn = messageCatalogue({
  user_created_subject: {
    en: 'Your account was created',
    zh: '账号创建成功',
    ja: 'アカウントが作成されました',
  },
  user_created_honorific: { en: 'Hello {name},', zh: '{name}，您好：', ja: '{name} 様' },
  user_created_body: {
    en: 'An account "{username}" was created for you on the bastion console. Set your password with the link below; it works once and for {hours} hours.',
    zh: '已为您在堡垒机控制台创建账号“{username}”。请通过下面的链接设置密码；链接只能使用一次，{hours} 小时内有效。',
    ja: '踏み台コンソールにアカウント「{username}」が作成されました。下のリンクからパスワードを設定してください。リンクは一度だけ、{hours} 時間有効です。',
  },
  signature: { en: 'Bastion Console', zh: '堡垒机控制台', ja: '踏み台コンソール' },
  reset_password_subject: { en: 'Reset your password', zh: '重置密码', ja: 'パスワードの再設定' },
  reset_password_body: {
    en: 'Hello {name}, somebody asked to reset the password of "{username}". If it was you, set a new one with the link below (it works once and for {hours} hours); otherwise ignore this mail.',
    zh: '{name}，您好：有人请求重置账号“{username}”的密码。如果是您本人，请通过下面的链接设置新密码（只能使用一次，{hours} 小时内有效）；否则请忽略此邮件。',
    ja: '{name} 様、「{username}」のパスワード再設定が要求されました。ご本人であれば下のリンクから新しいパスワードを設定してください（一度だけ、{hours} 時間有効）。心当たりがなければこのメールは無視してください。',
  },
  password_expiry_subject: {
    en: 'Your password expires in {days} days',
    zh: '您的密码将在 {days} 天后过期',
    ja: 'パスワードの有効期限まであと {days} 日です',
  },
  password_expiry_body: {
    en: 'Hello {name}, the password of "{username}" expires in {days} days. Change it in your profile before then: {link}',
    zh: '{name}，您好：账号“{username}”的密码将在 {days} 天后过期，请在此之前在个人信息中修改：{link}',
    ja: '{name} 様、「{username}」のパスワードはあと {days} 日で期限切れになります。それまでにプロフィールで変更してください: {link}',
  },
  linkLabel: { en: 'Set the password', zh: '设置密码', ja: 'パスワードを設定' },
});

/** The settings that replace each part (email_content). */
const CUSTOM_FIELDS: Record<
  MailKind,
  { subject: string; honorific?: string; body: string; signature?: string }
> = {
  user_created: {
    subject: 'EMAIL_CUSTOM_USER_CREATED_SUBJECT',
    honorific: 'EMAIL_CUSTOM_USER_CREATED_HONORIFIC',
    body: 'EMAIL_CUSTOM_USER_CREATED_BODY',
    signature: 'EMAIL_CUSTOM_USER_CREATED_SIGNATURE',
  },
  reset_password: {
    subject: 'EMAIL_CUSTOM_RESET_PASSWORD_SUBJECT',
    body: 'EMAIL_CUSTOM_RESET_PASSWORD_BODY',
  },
  password_expiry: {
    subject: 'EMAIL_CUSTOM_PASSWORD_EXPIRY_SUBJECT',
    body: 'EMAIL_CUSTOM_PASSWORD_EXPIRY_BODY',
  },
};

/** What a mail's placeholders (`{username}`, `{name}`, `{email}`, `{link}`, `{days}`, `{hours}`) stand for. */
export interface MailVariables {
  username: string;
  name: string;
  email: string;
  link: string;
  days?: number;
  hours?: number;
}

export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const fill = (template: string, vars: MailVariables): string =>
  template.replace(/\{(username|name|email|link|days|hours)\}/g, (_, key: keyof MailVariables) =>
    String(vars[key] ?? ''),
  );

/** Text as HTML: escaped, line breaks kept. */
const paragraph = (text: string): string => `<p>${escapeHtml(text).replace(/\r?\n/g, '<br>')}</p>`;

/** One mail of `kind`, its custom parts from `custom` (the email_content values) where set. */
export function renderMail(
  kind: MailKind,
  vars: MailVariables,
  custom: Readonly<Record<string, unknown>>,
  lang: Lang,
): MailContent {
  const fields = CUSTOM_FIELDS[kind];
  const params = { ...vars, days: vars.days ?? '', hours: vars.hours ?? '' };
  const part = (field: string | undefined, fallback: string): string => {
    const value = field ? custom[field] : undefined;
    return fill(typeof value === 'string' && value.trim() !== '' ? value : fallback, vars);
  };
  const subject = part(fields.subject, builtIn(`${kind}_subject`, lang, params)).replace(/[\r\n]+/g, ' ');
  const honorific =
    kind === 'user_created' ? part(fields.honorific, builtIn('user_created_honorific', lang, params)) : '';
  const body = part(fields.body, builtIn(`${kind}_body`, lang, params));
  const signature =
    kind === 'user_created' ? part(fields.signature, builtIn('signature', lang)) : builtIn('signature', lang);
  // The link goes under the body unless the body already placed it.
  const linkApart = vars.link !== '' && !body.includes(vars.link);
  const text = [honorific, body, linkApart ? vars.link : '', signature].filter((p) => p !== '').join('\n\n');
  const html = [
    honorific ? paragraph(honorific) : '',
    paragraph(body),
    linkApart
      ? `<p><a href="${escapeHtml(vars.link)}">${escapeHtml(builtIn('linkLabel', lang))}</a></p>` +
        `<p>${escapeHtml(vars.link)}</p>`
      : '',
    paragraph(signature),
  ].join('\n');
  return { subject, text, html: `<!doctype html><html><body>${html}</body></html>` };
}
