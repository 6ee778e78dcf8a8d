/**
 * The console's own files (loader, stylesheet, host, SDK, shared modules: never a plugin, which depends on
 * who signs in), fetched at the lowest priority once the form is shown and the page is idle, so signing in
 * finds them in the HTTP cache. The server lists them in `#bastion-warm` (server/src/ui/first-view.ts).
 */
export function readWarmUrls(doc: Document): string[] {
  try {
    const raw: unknown = JSON.parse(doc.getElementById('bastion-warm')?.textContent ?? '[]');
    return Array.isArray(raw)
      ? raw.filter((u): u is string => typeof u === 'string' && u.startsWith('/ui/') && !u.startsWith('//'))
      : [];
  } catch {
    return [];
  }
}

export function warmUp(doc: Document, urls: readonly string[]): void {
  for (const url of urls) {
    const link = doc.createElement('link');
    link.rel = 'prefetch';
    link.href = url;
    doc.head.append(link);
  }
}

/** After the load event, when the browser is idle (or a moment later where it cannot tell). */
export function whenIdle(win: Window, run: () => void): void {
  const idle = (): void => {
    if (typeof win.requestIdleCallback === 'function') win.requestIdleCallback(run, { timeout: 2000 });
    else win.setTimeout(run, 200);
  };
  if (win.document.readyState === 'complete') idle();
  else win.addEventListener('load', idle, { once: true });
}
