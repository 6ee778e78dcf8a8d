import { messageCatalogue } from '../http/message-catalogue';

/** What the mail test and the queue's log say, in the user's language (docs/mail.md#the-test). */
export const mailMessage = messageCatalogue({
  notConfigured: {
    en: 'No mail server is configured: save the SMTP host first.',
    zh: '未配置邮件服务器：请先保存 SMTP 主机。',
    ja: 'メールサーバーが設定されていません。先に SMTP ホストを保存してください。',
  },
  recipientRequired: {
    en: 'Enter the address the test mail goes to.',
    zh: '请输入测试邮件的收件地址。',
    ja: 'テストメールの宛先を入力してください。',
  },
  sent: {
    en: 'Test mail sent to {to}, please check',
    zh: '测试邮件已发送到 {to}，请查收',
    ja: 'テストメールを {to} に送信しました。確認してください',
  },
  refused: {
    en: 'The mail server {server} refused the connection: is the host and port right and the server running?',
    zh: '邮件服务器 {server} 拒绝连接：请检查主机、端口以及服务器是否运行。',
    ja: 'メールサーバー {server} が接続を拒否しました。ホスト、ポート、サーバーの稼働を確認してください。',
  },
  unreachable: {
    en: 'The mail server {server} could not be reached: {detail}',
    zh: '无法连接邮件服务器 {server}：{detail}',
    ja: 'メールサーバー {server} に接続できません: {detail}',
  },
  timeout: {
    en: 'The mail server {server} did not answer in time. If it expects SSL from the first byte (usually port 465), turn SSL on.',
    zh: '邮件服务器 {server} 未及时应答。若它要求一开始就使用 SSL（通常为 465 端口），请开启 SSL。',
    ja: 'メールサーバー {server} が時間内に応答しませんでした。最初から SSL を使う場合（通常ポート 465）は SSL を有効にしてください。',
  },
  tlsMismatch: {
    en: 'TLS with the mail server {server} failed ({detail}). SSL is for servers that speak TLS from the first byte (usually 465), TLS (STARTTLS) for the others (usually 587).',
    zh: '与邮件服务器 {server} 的 TLS 失败（{detail}）。SSL 用于一开始就使用 TLS 的服务器（通常 465），TLS（STARTTLS）用于其他服务器（通常 587）。',
    ja: 'メールサーバー {server} との TLS に失敗しました（{detail}）。SSL は最初から TLS を使うサーバー（通常 465）、TLS（STARTTLS）はそれ以外（通常 587）に使います。',
  },
  badCredentials: {
    en: 'The mail server refused the account or password: {detail}',
    zh: '邮件服务器拒绝了账号或密码：{detail}',
    ja: 'メールサーバーがアカウントまたはパスワードを拒否しました: {detail}',
  },
  rejected: {
    en: 'The mail server refused the mail: {detail}',
    zh: '邮件服务器拒绝了该邮件：{detail}',
    ja: 'メールサーバーがメールを拒否しました: {detail}',
  },
  failed: {
    en: 'Sending failed: {detail}',
    zh: '发送失败：{detail}',
    ja: '送信に失敗しました: {detail}',
  },
});
