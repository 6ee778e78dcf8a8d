import crypto from 'node:crypto';
import { imageSize } from 'image-size';
import type { Language } from '../engine/declaration';
import { messageCatalogue } from '../http/message-catalogue';
import type { Database } from '../data/database';
import { listInterfaceImageVersions } from '../data/stores/interface-images';
import { logoUrls } from '../settings/public-settings';

/** The image slots of the interface settings (v2.21's names), each published in `LOGO_URLS`. */
export const IMAGE_SLOTS = ['login_image', 'favicon', 'logo_index', 'logo_logout'] as const;
export type ImageSlot = (typeof IMAGE_SLOTS)[number];
export const isImageSlot = (name: string): name is ImageSlot =>
  (IMAGE_SLOTS as readonly string[]).includes(name);

/** Largest upload per image: a logo or a login picture, never a photo album. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;

/**
 * Raster types only, recognised by their content (never by the name or the type the browser claims). SVG is
 * refused: it is a document that can carry script (docs/security.md).
 */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  ico: 'image/x-icon',
};

export const IMAGE_URL = '/api/v1/xpack/interface/images/';

const imageMessage = messageCatalogue({
  notImage: {
    en: 'Upload a PNG, JPEG, GIF, WebP or ICO image (SVG is not accepted).',
    zh: '请上传 PNG、JPEG、GIF、WebP 或 ICO 图片（不接受 SVG）。',
    ja: 'PNG、JPEG、GIF、WebP または ICO 画像をアップロードしてください（SVG は不可）。',
  },
  tooLarge: {
    en: 'The image may be at most {n} MB.',
    zh: '图片不能超过 {n} MB。',
    ja: '画像は {n} MB 以下にしてください。',
  },
  empty: { en: 'The file is empty.', zh: '文件为空。', ja: 'ファイルが空です。' },
});

export const tooLargeMessage = (lang: Language): string =>
  imageMessage('tooLarge', lang, { n: MAX_IMAGE_BYTES / 1024 / 1024 });

/** The content type of an accepted image, or the message that refuses it. */
export function checkImage(bytes: Buffer, lang: Language): { contentType: string } | { error: string } {
  if (bytes.length === 0) return { error: imageMessage('empty', lang) };
  if (bytes.length > MAX_IMAGE_BYTES) return { error: tooLargeMessage(lang) };
  let type: string | undefined;
  try {
    // Parses the header, so a file that merely starts like an image but has no dimensions is refused too.
    const size = imageSize(bytes);
    type = size.width && size.height ? size.type : undefined;
  } catch {
    type = undefined;
  }
  const contentType = type ? CONTENT_TYPES[type] : undefined;
  return contentType ? { contentType } : { error: imageMessage('notImage', lang) };
}

export const digestOf = (bytes: Buffer): string => crypto.createHash('sha256').update(bytes).digest('hex');

/**
 * The URL of each slot: the uploaded image (its digest in the URL, so it is cached for good and a new
 * upload is a new URL) or else the built console's own file.
 */
export async function publishedImageUrls(db: Database, uiDir: string): Promise<Record<ImageSlot, string>> {
  const urls = logoUrls(uiDir) as Record<ImageSlot, string>;
  for (const { slot, digest } of await listInterfaceImageVersions(db))
    if (isImageSlot(slot)) urls[slot] = `${IMAGE_URL}${slot}/?v=${digest.slice(0, 16)}`;
  return urls;
}
