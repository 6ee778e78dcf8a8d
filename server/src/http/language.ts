import type { FastifyRequest } from 'fastify';

export type Lang = 'zh' | 'en' | 'ja';

/** The site's default language (v2.21's): pages without a choice, mails to users who never signed in. */
export const SITE_DEFAULT_LANG: Lang = 'zh';

/** Django's `django_language` cookie (en | zh-hans | ja), then Accept-Language, else the site default. */
export function requestLanguage(request: FastifyRequest): Lang {
  const cookie = request.cookies?.django_language?.toLowerCase();
  if (cookie === 'en' || cookie === 'ja') return cookie;
  if (cookie === 'zh-hans' || cookie === 'zh') return 'zh';
  const header = request.headers['accept-language'];
  if (typeof header === 'string') {
    const ranked = header
      .split(',')
      .map((item, index) => {
        const [tag = '', ...params] = item.trim().toLowerCase().split(';');
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
        const weight = q ? Number(q.slice(2)) : 1;
        return { tag, weight: Number.isFinite(weight) ? weight : 0, index };
      })
      .filter((item) => item.weight > 0)
      .sort((a, b) => b.weight - a.weight || a.index - b.index);
    for (const { tag } of ranked) {
      if (tag.startsWith('zh')) return 'zh';
      if (tag.startsWith('en')) return 'en';
      if (tag.startsWith('ja')) return 'ja';
    }
  }
  return SITE_DEFAULT_LANG;
}
