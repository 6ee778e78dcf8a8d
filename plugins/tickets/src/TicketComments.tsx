// The conversation on a ticket: the comments so far, and the reply box with the decisions this user may take.
import { useState } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { Http, isHttpError, serverDetail, useProfile, useService, useT, useDateText } from '@bastion/sdk';
import { plainText } from './applyMeta';
import { COMMENTS_URL, TICKETS_URL } from './paths';
import { canClose, canProcess, type Ticket, type TicketComment } from './ticketRules';

type Action = 'approve' | 'reject' | 'close';

/** Told when a reply or decision is done: the message to toast (null: none); the page then reloads. */
export type ReplyDone = (message: string | null, severity?: 'success' | 'error') => void;

export function TicketComments({ comments }: { comments: TicketComment[] }) {
  const t = useT();
  const date = useDateText();
  return (
    <section className="surface-card border-round shadow-1 p-3" data-testid="ticket-comments">
      <h3 className="mt-0 mb-3 text-base">{t('comments.title')}</h3>
      {comments.length ? (
        <ul className="list-none m-0 p-0 flex flex-column gap-3">
          {comments.map((c) => (
            <li key={c.id} className="border-left-3 border-primary pl-3" data-testid="ticket-comment">
              <div className="flex gap-2 align-items-baseline text-sm">
                <span className="font-semibold" data-testid="comment-user">
                  {String(c.user_display ?? '')}
                </span>
                <span className="text-color-secondary">{date(c.date_created)}</span>
              </div>
              {/* Plain text, never markup: what a user typed is shown as typed. */}
              <div
                className="mt-1"
                style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}
                data-testid="comment-body"
              >
                {String(c.body ?? '')}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className="m-0 text-color-secondary">{t('comments.none')}</p>
      )}
    </section>
  );
}

/** `{"field": ["a"]}` (or a bare list) as one line. */
function errorLines(data: unknown): string | null {
  if (!data) return null;
  if (typeof data === 'string') return data;
  const text = plainText(Array.isArray(data) ? data : Object.values(data as Record<string, unknown>));
  return text || null;
}

/** The reply box with the actions this user may take on the ticket. */
export function TicketReply({ ticket, onDone }: { ticket: Ticket; onDone: ReplyDone }) {
  const t = useT();
  const http = useService(Http);
  const profile = useProfile();
  const [text, setText] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const processing = canProcess(ticket, profile?.id);
  const closing = canClose(ticket, profile?.id);
  const failure = (e: unknown): string =>
    (isHttpError(e) ? (serverDetail(e.data) ?? errorLines(e.data)) : null) ??
    (e instanceof Error ? e.message : String(e));

  const comment = async (): Promise<void> => {
    const body = text.trim();
    if (!body) return;
    // The ticket both ways: `?ticket_id=` (docs/tickets.md#comments) and in the body (this server reads the
    // body).
    await http.post(
      COMMENTS_URL,
      { body, ticket: ticket.id },
      { params: { ticket_id: ticket.id }, silent: true },
    );
    setText('');
  };
  const run = async (name: string, work: () => Promise<string>): Promise<void> => {
    setBusy(name);
    setError(null);
    try {
      onDone(await work());
    } catch (e) {
      const message = failure(e);
      setError(message);
      onDone(message, 'error');
    } finally {
      setBusy(null);
    }
  };
  const act = (action: Action) =>
    run(action, async () => {
      await comment();
      await http.put(`${TICKETS_URL}${encodeURIComponent(ticket.id)}/${action}/`, {}, { silent: true });
      return t(`message.${action}`);
    });

  return (
    <section className="surface-card border-round shadow-1 p-3" data-testid="ticket-reply">
      <h3 className="mt-0 mb-3 text-base">{t('comments.reply')}</h3>
      {error ? (
        <Message
          severity="error"
          text={error}
          className="w-full justify-content-start mb-2"
          data-testid="ticket-error"
        />
      ) : null}
      <InputTextarea
        value={text}
        rows={3}
        className="w-full"
        placeholder={t('comments.placeholder')}
        onChange={(e) => setText(e.target.value)}
        disabled={busy !== null}
        data-testid="reply-text"
      />
      <div className="flex gap-2 justify-content-end mt-2 flex-wrap">
        {processing ? (
          <>
            <Button
              type="button"
              size="small"
              severity="success"
              icon="pi pi-check"
              label={t('action.approve')}
              loading={busy === 'approve'}
              disabled={busy !== null}
              onClick={() => void act('approve')}
              data-testid="ticket-approve"
            />
            <Button
              type="button"
              size="small"
              severity="danger"
              icon="pi pi-times"
              label={t('action.reject')}
              loading={busy === 'reject'}
              disabled={busy !== null}
              onClick={() => void act('reject')}
              data-testid="ticket-reject"
            />
          </>
        ) : null}
        {closing ? (
          <Button
            type="button"
            size="small"
            severity="secondary"
            outlined
            icon="pi pi-ban"
            label={t('action.close')}
            loading={busy === 'close'}
            disabled={busy !== null}
            onClick={() => void act('close')}
            data-testid="ticket-close"
          />
        ) : null}
        <Button
          type="button"
          size="small"
          icon="pi pi-send"
          label={t('comments.send')}
          loading={busy === 'comment'}
          disabled={busy !== null || !text.trim()}
          onClick={() =>
            void run('comment', async () => {
              await comment();
              return t('message.commented');
            })
          }
          data-testid="reply-send"
        />
      </div>
    </section>
  );
}
