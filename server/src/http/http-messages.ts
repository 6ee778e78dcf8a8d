import { messageCatalogue, type MessageLookup } from './message-catalogue';

/** Answers of the HTTP layer itself (before any route runs, or for any route), in the console's three languages. */
const MESSAGES = {
  bodyTooLarge: {
    en: 'Request body is too large (at most {limit}); please send less at once.',
    zh: '请求内容过大（最多 {limit}），请减少单次提交的数据。',
    ja: 'リクエスト本文が大きすぎます（最大 {limit}）。一度に送信するデータを減らしてください。',
  },
  databaseBusy: {
    en: 'The server is busy saving other changes; please try again in a moment.',
    zh: '服务器正忙于保存其他更改，请稍后重试。',
    ja: 'サーバーはほかの変更を保存中です。しばらくしてからもう一度お試しください。',
  },
  badUrl: {
    en: 'The address of the request is not valid.',
    zh: '请求地址无效。',
    ja: 'リクエストのアドレスが無効です。',
  },
} as const;

export type HttpMessage = keyof typeof MESSAGES;

export const httpMessage: MessageLookup<HttpMessage> = messageCatalogue(MESSAGES);

/** A byte count as people read it: `1 MiB`, `512 KiB`. */
export function byteSize(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} B`;
}
