import { lazy, Suspense, useEffect, useState } from 'react';
import {
  EventBus,
  SITE_MESSAGE_SOCKET_PATH,
  SOCKET_SESSION_ENDED,
  Session,
  badgeText,
  useService,
  useT,
} from '@bastion/sdk';

// The drawer (and DOMPurify with it) is its own chunk: fetched when the user first opens it.
const SiteMessagesDrawer = lazy(() => import('./SiteMessagesDrawer'));

/**
 * `ws[s]://<host>/ws/notifications/site-msg/`, secure when the page is
 * (docs/http.md#requests-the-console-sends).
 */
export function siteMessageSocketUrl(loc: { protocol: string; host: string } = window.location): string {
  return `${loc.protocol === 'https:' ? 'wss:' : 'ws:'}//${loc.host}${SITE_MESSAGE_SOCKET_PATH}`;
}

/**
 * The unread count the server pushes over the WebSocket; a toast when the socket cannot connect. When the
 * server closes it because the session ended (logout elsewhere, a password change, a disabled account), the
 * profile is asked again and the HTTP layer's usual 401 handling takes the user to the login page.
 */
function useUnreadCount(): number {
  const t = useT('host');
  const bus = useService(EventBus);
  const session = useService(Session);
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (typeof WebSocket === 'undefined' || !/^https?:$/.test(window.location.protocol)) return;
    let closedByUs = false;
    const socket = new WebSocket(siteMessageSocketUrl());
    socket.onmessage = (event) => {
      try {
        const data = JSON.parse(String(event.data)) as { unread_count?: unknown };
        if (typeof data.unread_count === 'number') setCount(data.unread_count);
      } catch {
        // not a count message: ignored
      }
    };
    socket.onerror = () => {
      if (!closedByUs) bus.publish({ type: 'toast', severity: 'error', detail: t('messages.wsFailed') });
    };
    socket.onclose = (event) => {
      if (!closedByUs && event.code === SOCKET_SESSION_ENDED) session.loadProfile().catch(() => undefined);
    };
    return () => {
      closedByUs = true;
      socket.close();
    };
  }, [bus, session, t]);
  return count;
}

/** The envelope with the unread badge (max 99) that opens the site-message drawer (docs/shell.md#navbar). */
export function SiteMessagesButton() {
  const t = useT('host');
  const count = useUnreadCount();
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const badge = badgeText(count);
  return (
    <>
      <button
        type="button"
        className="bastion-nav-button p-overlay-badge"
        data-testid="nav-messages"
        data-unread={count}
        title={t('messages.title')}
        aria-label={t('messages.title')}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
      >
        <i className="pi pi-envelope" aria-hidden="true" />
        {badge ? (
          <span className="p-badge p-component p-badge-danger" data-testid="messages-badge">
            {badge}
          </span>
        ) : null}
      </button>
      {loaded ? (
        <Suspense fallback={null}>
          <SiteMessagesDrawer visible={open} onHide={() => setOpen(false)} unreadCount={count} />
        </Suspense>
      ) : null}
    </>
  );
}
