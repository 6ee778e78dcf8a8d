import type { Label } from '../engine/declaration';
import { messageCatalogue, type MessageLookup } from '../http/message-catalogue';

/** Every user-visible text of the SSH client (per-host failures, private-key field errors) in zh, en, ja. */
export const SSH_MESSAGES = {
  authFailed: {
    en: 'Authentication failed: the host refused the user name or its password / key.',
    zh: '认证失败：主机拒绝了该用户名或其密码/密钥',
    ja: '認証に失敗しました: ホストがユーザー名またはそのパスワード/鍵を拒否しました。',
  },
  hostKeyChanged: {
    en: 'The host key has changed (expected {expected}, got {actual}): the connection was refused.',
    zh: '主机密钥已变更（应为 {expected}，实际为 {actual}），已拒绝连接',
    ja: 'ホスト鍵が変更されています（期待値 {expected}、実際 {actual}）。接続を拒否しました。',
  },
  connectTimeout: {
    en: 'Timed out after {seconds} s while connecting.',
    zh: '连接超时（{seconds} 秒）',
    ja: '接続中に {seconds} 秒でタイムアウトしました。',
  },
  commandTimeout: {
    en: 'The command did not finish within {seconds} s and was stopped.',
    zh: '命令未在 {seconds} 秒内结束，已被终止',
    ja: 'コマンドが {seconds} 秒以内に終了しなかったため停止しました。',
  },
  unreachable: {
    en: 'The host is unreachable ({detail}).',
    zh: '主机不可达（{detail}）',
    ja: 'ホストに到達できません（{detail}）。',
  },
  cancelled: {
    en: 'Cancelled.',
    zh: '已取消',
    ja: 'キャンセルされました。',
  },
  protocolError: {
    en: 'SSH error: {detail}',
    zh: 'SSH 错误：{detail}',
    ja: 'SSH エラー: {detail}',
  },
  viaGateway: {
    en: 'Gateway {gateway}: {reason}',
    zh: '网关 {gateway}：{reason}',
    ja: 'ゲートウェイ {gateway}: {reason}',
  },
  keyNotPrivate: {
    en: 'This is not an SSH private key (OpenSSH, PEM or PuTTY format).',
    zh: '这不是 SSH 私钥（OpenSSH、PEM 或 PuTTY 格式）',
    ja: 'SSH 秘密鍵（OpenSSH、PEM、PuTTY 形式）ではありません。',
  },
  keyNeedsPassphrase: {
    en: 'This private key is encrypted: enter its passphrase.',
    zh: '该私钥已加密，请输入密码短语',
    ja: 'この秘密鍵は暗号化されています。パスフレーズを入力してください。',
  },
  keyWrongPassphrase: {
    en: 'The passphrase does not open this private key.',
    zh: '密码短语无法解开该私钥',
    ja: 'パスフレーズでこの秘密鍵を開けません。',
  },
} as const satisfies Record<string, Label>;

export type SshMessage = keyof typeof SSH_MESSAGES;

export const sshMessage: MessageLookup<SshMessage> = messageCatalogue(SSH_MESSAGES);
