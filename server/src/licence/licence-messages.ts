import type { Language } from '../engine/declaration';
import { messageCatalogue } from '../http/message-catalogue';
import type { LicenceRefusal } from './licence-format.mjs';

/** A licence file is a few hundred bytes; anything beyond this is not one. */
export const LICENCE_MAX_BYTES = 64 * 1024;

export type ImportRefusal = LicenceRefusal | 'missing' | 'too_large' | 'expired';

const messages = messageCatalogue<ImportRefusal | 'imported'>({
  missing: {
    en: 'Choose a licence file to import.',
    zh: '请选择要导入的许可证文件。',
    ja: 'インポートするライセンスファイルを選択してください。',
  },
  too_large: {
    en: 'This file is too large to be a licence (at most 64 KB).',
    zh: '文件过大，不是许可证文件（最大 64 KB）。',
    ja: 'ファイルが大きすぎます。ライセンスファイルは 64 KB 以下です。',
  },
  not_json: {
    en: 'This file is not a licence: it cannot be read.',
    zh: '该文件不是许可证：无法读取。',
    ja: 'このファイルはライセンスではありません（読み取れません）。',
  },
  unsigned: {
    en: 'This licence is not signed. Ask your vendor for a signed licence file.',
    zh: '该许可证未签名。请向供应商索取已签名的许可证文件。',
    ja: 'このライセンスは署名されていません。署名済みのライセンスファイルをベンダーに依頼してください。',
  },
  format: {
    en: 'This licence file has an unknown format.',
    zh: '许可证文件格式无法识别。',
    ja: 'ライセンスファイルの形式が不明です。',
  },
  signature: {
    en: 'The licence signature is not valid: the file was changed or was not issued for this installation.',
    zh: '许可证签名无效：文件已被修改，或并非为本系统签发。',
    ja: 'ライセンスの署名が無効です。ファイルが変更されたか、このシステム向けに発行されたものではありません。',
  },
  content: {
    en: 'The licence has no valid expiry date.',
    zh: '许可证缺少有效的到期日期。',
    ja: 'ライセンスに有効な有効期限がありません。',
  },
  expired: {
    en: 'This licence has already expired.',
    zh: '该许可证已过期。',
    ja: 'このライセンスはすでに期限切れです。',
  },
  imported: {
    en: 'Licence imported ({corporation}).',
    zh: '许可证导入成功（{corporation}）。',
    ja: 'ライセンスをインポートしました（{corporation}）。',
  },
});

export const refusalMessage = (reason: ImportRefusal, lang: Language): string => messages(reason, lang);

export const importedMessage = (lang: Language, corporation: string): string =>
  messages('imported', lang, { corporation });
