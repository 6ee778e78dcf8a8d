// Which page a console URL opens, as the server ranks plugin routes (server/src/ui/route-pages.ts).
import { describe, expect, it } from 'vitest';
import { matchPage } from '../../server/src/ui/route-pages';

const pages = {
  '/console/assets/assets': ['list.js'],
  '/console/assets/assets/create': [],
  '/console/assets/assets/:id': ['detail.js'],
  '/console/assets/assets/:id/update': ['form.js'],
  '/console/files/*': ['browser.js'],
};

describe('the page a console URL opens', () => {
  it('prefers static segments to parameters, and both to a splat', () => {
    expect(matchPage('/console/assets/assets', pages)?.files).toEqual(['list.js']);
    expect(matchPage('/console/assets/assets/', pages)?.files).toEqual(['list.js']);
    expect(matchPage('/console/assets/assets/create', pages)?.files).toEqual([]);
    expect(matchPage('/console/assets/assets/3f2a', pages)?.files).toEqual(['detail.js']);
    expect(matchPage('/console/assets/assets/3f2a/update', pages)?.files).toEqual(['form.js']);
    expect(matchPage('/console/files/a/b/c', pages)?.files).toEqual(['browser.js']);
  });

  it('matches nothing for other paths, longer paths and malformed escapes', () => {
    expect(matchPage('/console/assets', pages)).toBeNull();
    expect(matchPage('/console/assets/assets/1/update/more', pages)).toBeNull();
    expect(matchPage('/console/assets/assets/%E0%A4%A', pages)).toBeNull();
    expect(matchPage('/', pages)).toBeNull();
  });

  it('ranks a more specific route of one plugin above a looser route of another', () => {
    const specific = matchPage('/console/files/x', { '/console/files/x': ['x.js'] });
    const loose = matchPage('/console/files/x', pages);
    expect((specific?.score ?? 0) > (loose?.score ?? 0)).toBe(true);
  });
});
