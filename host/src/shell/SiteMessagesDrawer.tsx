import { useCallback, useEffect, useState } from 'react';
import DOMPurify from 'dompurify';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dialog } from 'primereact/dialog';
import { Paginator } from 'primereact/paginator';
import { Sidebar as Drawer } from 'primereact/sidebar';
import {
  Http,
  I18n,
  SITE_MESSAGE_PAGE_SIZE,
  SITE_MESSAGE_URL,
  formatDate,
  formatRelativeDate,
  parseServerDate,
  useService,
  useT,
  type Page,
} from '@bastion/sdk';
import { useShell } from './ShellContext';

export interface SiteMessage {
  id: string;
  subject: string;
  message: string;
  has_read: boolean;
  date_created: string;
  sender?: string;
}

/**
 * Site-message bodies are HTML from the server (docs/site-messages.md#api). They are sanitised with DOMPurify
 * before they reach the DOM: no scripts, no event handlers, no javascript: URLs (docs/security-history.md,
 * entry 5).
 */
export function sanitizeMessageHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form'] });
}

/** The opened envelope of a read message (primeicons has none). */
function EnvelopeOpen() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" data-testid="message-read-icon">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
        d="M3 10l9-6 9 6v10H3zM3 10l9 6 9-6"
      />
    </svg>
  );
}

function MessageBody({ html, testId }: { html: string; testId: string }) {
  return (
    <div
      className="bastion-message-body text-sm text-color-secondary"
      data-testid={testId}
      // Sanitised just above; the only place the shell renders server HTML.
      dangerouslySetInnerHTML={{ __html: sanitizeMessageHtml(html) }}
    />
  );
}

/**
 * The site-message drawer (docs/shell.md#navbar, docs/site-messages.md#in-the-console, docs/limits.md): 20 %
 * wide (70 % on mobile); unread messages 15 per page (or all messages); mark one, the ticked ones or all
 * read, then the list reloads and the detail closes.
 */
export default function SiteMessagesDrawer({
  visible,
  onHide,
  unreadCount,
}: {
  visible: boolean;
  onHide: () => void;
  unreadCount: number;
}) {
  const t = useT('host');
  const http = useService(Http);
  const lng = useService(I18n).language;
  const { mobile } = useShell();
  const [showAll, setShowAll] = useState(false);
  const [offset, setOffset] = useState(0);
  const [page, setPage] = useState<Page<SiteMessage> | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  const [detail, setDetail] = useState<SiteMessage | null>(null);
  const [now, setNow] = useState(Date.now);

  const load = useCallback(async () => {
    try {
      const params: Record<string, string | number> = { offset, limit: SITE_MESSAGE_PAGE_SIZE };
      if (!showAll) params.has_read = 'false';
      const result = await http.get<Page<SiteMessage>>(SITE_MESSAGE_URL, { params });
      setPage(result);
      setSelected((ids) => ids.filter((id) => result.results.some((m) => m.id === id && !m.has_read)));
      setNow(Date.now());
    } catch {
      // The HTTP layer showed the error detail.
    }
  }, [http, offset, showAll]);

  useEffect(() => {
    // Fetching on open (and when the pushed count changes) synchronises with the server, not with React state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (visible) void load();
  }, [visible, load, unreadCount]);

  const afterMarking = async () => {
    setSelected([]);
    setDetail(null);
    await load();
  };
  const markRead = async (ids: string[]) => {
    if (!ids.length) return;
    try {
      await http.patch(`${SITE_MESSAGE_URL}mark-as-read/`, { ids });
      await afterMarking();
    } catch {
      // shown by the HTTP layer
    }
  };
  const markAll = async () => {
    try {
      await http.patch(`${SITE_MESSAGE_URL}mark-as-read-all/`, {});
      await afterMarking();
    } catch {
      // shown by the HTTP layer
    }
  };

  const when = (m: SiteMessage) => {
    const date = parseServerDate(m.date_created);
    return date ? formatRelativeDate(date, now, lng) : m.date_created;
  };
  const messages = page?.results ?? [];

  return (
    <>
      <Drawer
        visible={visible}
        position="right"
        onHide={onHide}
        style={{ width: mobile ? '70%' : '20%', minWidth: mobile ? undefined : 320 }}
        header={<span className="font-bold">{t('messages.title')}</span>}
        data-testid="messages-drawer"
        blockScroll
      >
        <div className="flex flex-wrap align-items-center gap-2 mb-3">
          <Button
            size="small"
            label={t('messages.markSelected')}
            icon="pi pi-check"
            disabled={!selected.length}
            onClick={() => void markRead(selected)}
            data-testid="messages-mark-selected"
          />
          <Button
            size="small"
            outlined
            label={t('messages.markAll')}
            icon="pi pi-check-square"
            onClick={() => void markAll()}
            data-testid="messages-mark-all"
          />
          <label className="flex align-items-center gap-1 text-sm ml-auto">
            <Checkbox
              inputId="messages-show-all"
              checked={showAll}
              onChange={(e) => {
                setOffset(0);
                setShowAll(Boolean(e.checked));
              }}
              data-testid="messages-show-all"
            />
            {t('messages.showRead')}
          </label>
        </div>
        {page && messages.length === 0 ? (
          <p className="text-color-secondary" data-testid="messages-empty">
            {t('messages.empty')}
          </p>
        ) : null}
        <ul className="list-none p-0 m-0" data-testid="messages-list">
          {messages.map((m) => (
            <li
              key={m.id}
              className="bastion-message flex gap-2 p-2 border-bottom-1 surface-border"
              data-testid="message-item"
              data-id={m.id}
              data-read={m.has_read ? 'true' : 'false'}
            >
              <div className="pt-1">
                {m.has_read ? null : (
                  <Checkbox
                    checked={selected.includes(m.id)}
                    onChange={(e) =>
                      setSelected((ids) => (e.checked ? [...ids, m.id] : ids.filter((id) => id !== m.id)))
                    }
                    aria-label={t('messages.select', { subject: m.subject })}
                    data-testid="message-check"
                  />
                )}
              </div>
              <button
                type="button"
                className="bastion-message-open flex-1 text-left"
                onClick={() => setDetail(m)}
                data-testid="message-open"
              >
                <span className="flex align-items-center gap-2 font-medium">
                  {m.has_read ? (
                    <EnvelopeOpen />
                  ) : (
                    <i
                      className="pi pi-envelope text-primary"
                      aria-hidden="true"
                      data-testid="message-unread-icon"
                    />
                  )}
                  <span data-testid="message-subject">{m.subject}</span>
                </span>
                <span className="block text-xs text-color-secondary mt-1" data-testid="message-date">
                  {when(m)}
                </span>
                <MessageBody html={m.message} testId="message-body" />
              </button>
              {m.has_read ? null : (
                <Button
                  text
                  size="small"
                  className="bastion-message-mark"
                  label={t('messages.markRead')}
                  onClick={() => void markRead([m.id])}
                  data-testid="message-mark-read"
                />
              )}
            </li>
          ))}
        </ul>
        {page && page.count > SITE_MESSAGE_PAGE_SIZE ? (
          <Paginator
            first={offset}
            rows={SITE_MESSAGE_PAGE_SIZE}
            totalRecords={page.count}
            onPageChange={(e) => setOffset(e.first)}
            template="PrevPageLink CurrentPageReport NextPageLink"
          />
        ) : null}
      </Drawer>
      <Dialog
        visible={detail !== null}
        onHide={() => setDetail(null)}
        header={detail?.subject}
        style={{ width: mobile ? '80%' : '60%' }}
        data-testid="message-detail"
        footer={
          detail && !detail.has_read ? (
            <Button
              label={t('messages.markRead')}
              onClick={() => void markRead([detail.id])}
              data-testid="message-detail-mark-read"
            />
          ) : null
        }
      >
        {detail ? (
          <>
            <p className="mt-0 text-sm text-color-secondary">
              {(() => {
                const date = parseServerDate(detail.date_created);
                return date ? formatDate(date, lng, 'medium') : detail.date_created;
              })()}
              {detail.sender ? ` · ${detail.sender}` : ''}
            </p>
            <MessageBody html={detail.message} testId="message-detail-body" />
          </>
        ) : null}
      </Dialog>
    </>
  );
}
