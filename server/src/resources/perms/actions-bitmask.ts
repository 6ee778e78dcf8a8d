import type { Choice, Language } from '../../engine/declaration';
import { choice } from '../label';

/**
 * The actions bit mask of docs/resources.md#asset-permissions, shared by asset permissions and the
 * `apply_actions` of request-asset tickets. Stored as one integer; the API speaks lists of names.
 */
export const ACTION_BITS = {
  all: 0xff,
  connect: 1,
  upload_file: 2,
  download_file: 4,
  updownload: 2 | 4,
  clipboard_copy: 8,
  clipboard_paste: 16,
  clipboard_copy_paste: 8 | 16,
} as const;

export type ActionName = keyof typeof ACTION_BITS;

export const ACTION_NAMES = Object.keys(ACTION_BITS) as ActionName[];

export const ALL_ACTIONS_MASK = ACTION_BITS.all;

export const ACTION_CHOICES: readonly Choice[] = [
  choice('all', '全部', 'All', 'すべて'),
  choice('connect', '连接', 'Connect', '接続'),
  choice('upload_file', '上传文件', 'Upload file', 'ファイルのアップロード'),
  choice('download_file', '下载文件', 'Download file', 'ファイルのダウンロード'),
  choice('updownload', '上传下载', 'Upload download', 'アップロードのダウンロード'),
  choice('clipboard_copy', '剪贴板复制', 'Clipboard copy', 'クリップボードのコピー'),
  choice('clipboard_paste', '剪贴板粘贴', 'Clipboard paste', 'クリップボードペースト'),
  choice('clipboard_copy_paste', '剪贴板复制粘贴', 'Clipboard copy paste', 'クリップボードコピーペースト'),
];

const isActionName = (name: unknown): name is ActionName =>
  typeof name === 'string' && Object.hasOwn(ACTION_BITS, name);

/** Names OR-ed into the mask; names this version does not know add nothing. */
export function actionsToMask(names: readonly unknown[]): number {
  let mask = 0;
  for (const name of names) if (isActionName(name)) mask |= ACTION_BITS[name];
  return mask;
}

/** Every name whose bits are all present, in table order (255 → every name, `all` included). */
export function maskToActions(mask: number): ActionName[] {
  const bits = Number.isInteger(mask) ? mask : 0;
  return ACTION_NAMES.filter((name) => (bits & ACTION_BITS[name]) === ACTION_BITS[name]);
}

/** The labels of these names in one language (ticket meta stores them for the approver to read). */
export function actionLabels(names: readonly ActionName[], language: Language): string[] {
  return names.map(
    (name) => ACTION_CHOICES.find((item) => item.value === name)?.label[language] ?? String(name),
  );
}
