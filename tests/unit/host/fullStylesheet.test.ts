// All of PrimeFlex (host/src/boot/fullStylesheet.ts) is enabled for a user whose plugin list names a drop-in
// plugin, whose classes the console's own stylesheet does not hold; a console of built-in plugins never
// fetches it.
import { describe, expect, it } from 'vitest';
import type { PluginListEntry } from '@bastion/sdk';
import { FULL_STYLESHEET_ID, enableFullStylesheet } from '../../../host/src/boot/fullStylesheet';

function pageWithSheet(): HTMLLinkElement {
  document.head.innerHTML = `<link rel="stylesheet" id="${FULL_STYLESHEET_ID}" disabled>`;
  return document.getElementById(FULL_STYLESHEET_ID) as HTMLLinkElement;
}

const plugin = (id: string, source: string) => ({ id, source }) as PluginListEntry;

describe('enableFullStylesheet', () => {
  it('leaves all of PrimeFlex off while every listed plugin is built in', () => {
    const link = pageWithSheet();
    expect(enableFullStylesheet(document, [plugin('users', 'builtin'), plugin('assets', 'builtin')])).toBe(
      false,
    );
    expect(link.hasAttribute('disabled')).toBe(true);
  });

  it('turns it on when the list names a drop-in plugin', () => {
    const link = pageWithSheet();
    expect(enableFullStylesheet(document, [plugin('users', 'builtin'), plugin('hello', 'dropin')])).toBe(
      true,
    );
    expect(link.hasAttribute('disabled')).toBe(false);
  });
});
