// Debian's Chromium driven by playwright-core (Playwright's own browser download does not work here).
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = process.env.BASTION_CHROMIUM ?? '/usr/bin/chromium';

export function launchChromium() {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}
