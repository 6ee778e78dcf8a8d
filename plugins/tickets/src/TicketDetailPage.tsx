import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { InputTextarea } from 'primereact/inputtextarea';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Timeline } from 'primereact/timeline';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import {
  DetailCard,
  EventBus,
  Http,
  I18n,
  formatDate,
  isHttpError,
  parseServerDate,
  serverDetail,
  useCan,
  useProfile,
  useService,
  useT,
  type DetailItem,
  type TranslateFn,
} from '@bastion/sdk';
import {
  ASSET_PERMISSIONS_URL,
  COMMENTS_URL,
  TICKETS_URL,
  applyFields,
  approvalStep,
  canClose,
  canProcess,
  currentStep,
  isOpen,
  metaValue,
  plainText,
  rowsOf,
  typedDetailPath,
  type ProcessStep,
  type TagSeverity,
  type Ticket,
  type TicketComment,
} from './common';
import { ColourTag, StateTag, StatusTag } from './TicketTags';

type Action = 'approve' | 'reject' | 'close';

function useDateText(): (value: unknown) => string {
  const language = useService(I18n).language;
  return useCallback(
    (value: unknown) => {
      const d = parseServerDate(value);
      if (!d) return value === null || value === undefined ? '' : String(value);
      return formatDate(d, language, 'medium');
    },
    [language],
  );
}

const DATE_META = /(^|_)date(_|$)|datetime/;
const ZONELESS = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}$/;

/** One apply-info value as text: actions translated, dates formatted, lists joined. */
function metaText(
  field: string,
  meta: Record<string, unknown>,
  t: TranslateFn,
  date: (v: unknown) => string,
): string {
  if (field === 'apply_actions' && Array.isArray(meta.apply_actions)) {
    return meta.apply_actions.map((a) => t(`action.${String(a)}`, { defaultValue: String(a) })).join(', ');
  }
  const value = metaValue(meta, field);
  // Meta dates are zone-less `YYYY-MM-DD HH:MM:SS` text (api.md §9.5), which this server writes in UTC.
  if (DATE_META.test(field) && typeof value === 'string')
    return date(ZONELESS.test(value) ? `${value.replace(' ', 'T')}Z` : value);
  return plainText(value);
}

function ApplyInfo({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const date = useDateText();
  const meta = ticket.meta && typeof ticket.meta === 'object' ? ticket.meta : {};
  const items: DetailItem[] = applyFields(ticket.type, meta)
    .map((field) => ({
      key: field,
      label: t(`meta.${field}`, { defaultValue: field }),
      value: metaText(field, meta, t, date),
    }))
    // System users are not offered yet (none exist): their empty row would only puzzle.
    .filter((item) => item.key !== 'apply_system_users' || item.value !== '');
  if (!items.length) return null;
  return <DetailCard title="detail.applyInfo" items={items} />;
}

/** The permission an approved asset request created (its id is the ticket's), for those who may see it. */
function GrantedPermission({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const http = useService(Http);
  const canView = useCan('perms.view_assetpermission');
  const [name, setName] = useState<string | null>(null);
  const wanted = canView && ticket.type === 'apply_asset' && ticket.state === 'approved';
  useEffect(() => {
    if (!wanted) return;
    let alive = true;
    http
      .get<Record<string, unknown>>(`${ASSET_PERMISSIONS_URL}${encodeURIComponent(ticket.id)}/`, {
        params: { oid: ticket.org_id },
        silent: true,
      })
      .then((p) => alive && setName(String(p?.name ?? '')))
      .catch(() => alive && setName(null));
    return () => {
      alive = false;
    };
  }, [http, wanted, ticket.id, ticket.org_id]);
  if (!wanted || !name) return null;
  return (
    <div className="col-12 flex gap-3 py-2 border-bottom-1 surface-border" data-testid="ticket-permission">
      <dt className="w-10rem flex-shrink-0 text-color-secondary">{t('detail.permission')}</dt>
      <dd className="m-0 flex-1">{name}</dd>
    </div>
  );
}

/** Who the ticket waits for now, and who decided each level so far (from `process_map`). */
function AssignedInfo({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const date = useDateText();
  const step = currentStep(ticket);
  const handled = (ticket.process_map ?? []).filter((s) => s.processor_display || s.approval_date);
  const items: DetailItem[] = [];
  if (step) {
    items.push({
      key: 'assignees',
      label: t('detail.assignees'),
      value: (step.assignees_display ?? []).join(', '),
    });
  }
  for (const s of handled) {
    items.push({
      key: `processor-${s.approval_level}`,
      label: t('detail.processorOfLevel', { level: s.approval_level }),
      value: `${s.processor_display ?? ''}${s.approval_date ? ` · ${date(s.approval_date)}` : ''}`,
    });
  }
  return (
    <section className="surface-card border-round shadow-1 p-3" data-testid="ticket-assigned">
      <h3 className="mt-0 mb-3 text-base">{t('detail.assignedInfo')}</h3>
      <dl className="m-0 grid">
        {items.map((item) => (
          <div key={item.key} className="col-12 flex gap-3 py-2 border-bottom-1 surface-border">
            <dt className="w-10rem flex-shrink-0 text-color-secondary">{item.label}</dt>
            <dd className="m-0 flex-1" style={{ wordBreak: 'break-word' }}>
              {item.value}
            </dd>
          </div>
        ))}
        <GrantedPermission ticket={ticket} />
      </dl>
      {!items.length ? <p className="m-0 text-color-secondary">{t('detail.nobody')}</p> : null}
    </section>
  );
}

interface StepView {
  key: string;
  title: string;
  state: string;
  lines: { label: string; value: string }[];
}

function stepSeverity(state: string): TagSeverity {
  switch (state) {
    case 'approved':
      return 'success';
    case 'rejected':
      return 'danger';
    case 'pending':
      return 'warning';
    case 'submitted':
      return 'info';
    default:
      return 'neutral';
  }
}

/** Vertical steps: opened, each approval level, and the end once the ticket is closed. */
function Steps({ ticket }: { ticket: Ticket }) {
  const t = useT();
  const date = useDateText();
  const open = isOpen(ticket);
  const level = approvalStep(ticket);
  const steps: StepView[] = [
    {
      key: 'open',
      title: t('steps.opened'),
      state: 'submitted',
      lines: [
        { label: t('steps.applicant'), value: String(ticket.applicant_display ?? '') },
        { label: t('steps.date'), value: date(ticket.date_created) },
      ],
    },
  ];
  const levels = [...(ticket.process_map ?? [])].sort(
    (a: ProcessStep, b: ProcessStep) => Number(a.approval_level) - Number(b.approval_level),
  );
  for (const s of levels) {
    const n = Number(s.approval_level);
    let state = String(s.state ?? '');
    if (state === 'notified') state = open ? (n === level ? 'pending' : 'waiting') : 'closed';
    const lines = [{ label: t('steps.assignees'), value: (s.assignees_display ?? []).join(', ') }];
    if (s.processor_display) lines.push({ label: t('steps.processor'), value: String(s.processor_display) });
    if (s.approval_date) lines.push({ label: t('steps.date'), value: date(s.approval_date) });
    steps.push({ key: `level-${n}`, title: t('steps.level', { level: n }), state, lines });
  }
  if (!open) {
    steps.push({
      key: 'end',
      title: t('steps.finished'),
      state: String(ticket.state ?? 'closed'),
      lines: [{ label: t('steps.date'), value: date(ticket.date_updated) }],
    });
  }
  return (
    <section className="surface-card border-round shadow-1 p-3" data-testid="ticket-steps">
      <h3 className="mt-0 mb-3 text-base">{t('steps.title')}</h3>
      <Timeline
        value={steps}
        pt={{ opposite: { style: { flex: 0, padding: 0 } } }}
        marker={(step: StepView) => (
          <span
            className={`flex w-1rem h-1rem border-circle ${
              step.state === 'approved'
                ? 'bg-green-500'
                : step.state === 'rejected'
                  ? 'bg-red-500'
                  : step.state === 'pending'
                    ? 'bg-orange-400'
                    : step.state === 'submitted'
                      ? 'bg-blue-500'
                      : 'surface-400'
            }`}
          />
        )}
        content={(step: StepView) => (
          <div className="pb-3" data-testid="ticket-step" data-step={step.key} data-state={step.state}>
            <div className="flex align-items-center gap-2 mb-1">
              <span className="font-semibold">{step.title}</span>
              <ColourTag
                severity={stepSeverity(step.state)}
                value={t(`stepState.${step.state}`, { defaultValue: step.state })}
              />
            </div>
            {step.lines
              .filter((l) => l.value)
              .map((l) => (
                <div key={l.label} className="text-sm text-color-secondary">
                  {l.label}: <span className="text-color">{l.value}</span>
                </div>
              ))}
          </div>
        )}
      />
    </section>
  );
}

function Comments({ comments }: { comments: TicketComment[] }) {
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

/** The reply box with the actions this user may take on the ticket. */
function Reply({
  ticket,
  onDone,
}: {
  ticket: Ticket;
  onDone: (message: string | null, severity?: 'success' | 'error') => void;
}) {
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
    // The ticket both ways: `?ticket_id=` (api.md §9.3) and in the body (this server reads the body).
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

/** `{"field": ["a"]}` (or a bare list) as one line. */
function errorLines(data: unknown): string | null {
  if (!data) return null;
  if (typeof data === 'string') return data;
  const text = plainText(Array.isArray(data) ? data : Object.values(data as Record<string, unknown>));
  return text || null;
}

function basicItems(ticket: Ticket, t: TranslateFn, date: (v: unknown) => string): DetailItem[] {
  const row = (key: string, value: ReactNode): DetailItem => ({ key, label: t(`field.${key}`), value });
  return [
    row('serial_num', String(ticket.serial_num ?? '')),
    row('title', String(ticket.title ?? '')),
    row('type', String(ticket.type_display ?? ticket.type ?? '')),
    row('applicant', String(ticket.applicant_display ?? '')),
    row('org', String(ticket.org_name ?? '')),
    row('status', <StatusTag status={ticket.status} />),
    row('state', <StateTag state={ticket.state} />),
    row('date_created', date(ticket.date_created)),
    row('date_updated', date(ticket.date_updated)),
    row('comment', String(ticket.comment ?? '')),
  ];
}

/**
 * Ticket detail (screens.md §1.4) for every type: basic and apply info, who it is assigned to, comments and
 * the reply box with accept / reject (current step's assignees) and close (applicant); the steps on the
 * right. The generic `/tickets/:id` sends a typed ticket to its own route.
 */
export default function TicketDetailPage() {
  const t = useT();
  const date = useDateText();
  const http = useService(Http);
  const bus = useService(EventBus);
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [ticket, setTicket] = useState<Ticket | null>(null);
  const [comments, setComments] = useState<TicketComment[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [tick, setTick] = useState(0);

  useEffect(() => {
    let alive = true;
    const url = `${TICKETS_URL}${encodeURIComponent(id)}/`;
    http
      .get<Ticket>(url, { silent: true })
      .then((found) => alive && setTicket(found))
      .catch((error: unknown) => {
        if (!alive) return;
        setFailure(
          isHttpError(error) && error.status === 404
            ? t('detail.notFound')
            : error instanceof Error
              ? error.message
              : String(error),
        );
      });
    http
      .get(COMMENTS_URL, { params: { ticket_id: id }, silent: true })
      .then((answer) => alive && setComments(rowsOf<TicketComment>(answer)))
      .catch(() => alive && setComments([]));
    return () => {
      alive = false;
    };
  }, [http, id, tick, t]);

  const done = useCallback(
    (message: string | null, severity: 'success' | 'error' = 'success') => {
      if (message) bus.publish({ type: 'toast', severity, detail: message });
      setTick((n) => n + 1);
    },
    [bus],
  );

  if (failure) return <Message severity="error" text={failure} data-testid="ticket-load-error" />;
  if (!ticket)
    return (
      <div className="flex justify-content-center p-5" data-testid="ticket-loading">
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} />
      </div>
    );
  const typed = typedDetailPath(ticket.type, ticket.id);
  if (location.pathname.replace(/\/+$/, '') !== typed) return <Navigate to={typed} replace />;

  return (
    <div className="flex flex-column gap-3" data-testid="ticket-detail" data-ticket-type={ticket.type}>
      <div className="flex align-items-center gap-2 flex-wrap">
        <Button
          type="button"
          icon="pi pi-arrow-left"
          text
          rounded
          aria-label={t('detail.back')}
          onClick={() => navigate(-1)}
        />
        <h2 className="m-0 text-xl" data-testid="ticket-title" style={{ wordBreak: 'break-word' }}>
          {String(ticket.title ?? '')}
        </h2>
        <StateTag state={ticket.state} />
      </div>
      <div className="grid">
        <div className="col-12 lg:col-8 flex flex-column gap-3">
          <DetailCard title="detail.basicInfo" items={basicItems(ticket, t, date)} />
          <ApplyInfo ticket={ticket} />
          <AssignedInfo ticket={ticket} />
          <Comments comments={comments} />
          <Reply ticket={ticket} onDone={done} />
        </div>
        <div className="col-12 lg:col-4">
          <Steps ticket={ticket} />
        </div>
      </div>
    </div>
  );
}
