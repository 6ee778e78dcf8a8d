import { describe, expect, it } from 'vitest';
import { detectLanguage, normalizeLanguage, toServerLanguage } from './language';

describe('detectLanguage (docs/shell.md#languages-and-dates)', () => {
  it('prefers the language cookie', () => {
    expect(detectLanguage({ cookie: 'en', browser: ['ja-JP'] })).toBe('en');
    expect(detectLanguage({ cookie: 'ja', browser: ['en-US'] })).toBe('ja');
  });

  it('maps the server value zh-hans (and other zh tags) to zh', () => {
    expect(detectLanguage({ cookie: 'zh-hans', browser: ['en'] })).toBe('zh');
    expect(normalizeLanguage('zh-Hant')).toBe('zh');
    expect(normalizeLanguage('zh_CN')).toBe('zh');
  });

  it('falls through an unknown cookie to the browser languages, in order', () => {
    expect(detectLanguage({ cookie: 'de', browser: ['fr-FR', 'ja-JP', 'en-US'] })).toBe('ja');
    expect(detectLanguage({ cookie: null, browser: ['en-GB'] })).toBe('en');
  });

  it('ends with zh when nothing matches', () => {
    expect(detectLanguage({ cookie: undefined, browser: ['fr', 'de'] })).toBe('zh');
    expect(detectLanguage({})).toBe('zh');
  });

  it('writes zh back as zh-hans for the server', () => {
    expect(toServerLanguage('zh')).toBe('zh-hans');
    expect(toServerLanguage('en')).toBe('en');
    expect(toServerLanguage('ja')).toBe('ja');
  });
});
