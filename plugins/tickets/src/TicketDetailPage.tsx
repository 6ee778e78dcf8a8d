import { useCallback, useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router-dom';
import { EventBus, Http, rowsOf, useRemoteObject, useService, useT, type Page } from '@bastion/sdk';
import { COMMENTS_URL, TICKETS_URL, typedDetailPath } from './paths';
import type { Ticket, TicketComment } from './ticketRules';
import { TicketComments, TicketReply, type ReplyDone } from './TicketComments';
import { ApplyInfo, AssignedInfo, BasicInfo } from './TicketInfoCards';
import { TicketSteps } from './TicketSteps';
import { StateTag } from './TicketTags';

/**
 * Ticket detail (docs/tickets.md#in-the-console) for every type: basic and apply info, who it is assigned to,
 * comments and the reply box with accept / reject (current step's assignees) and close (applicant); the steps
 * on the right. The generic `/tickets/:id` sends a typed ticket to its own route.
 */
export default function TicketDetailPage() {
  const t = useT();
  const http = useService(Http);
  const bus = useService(EventBus);
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [comments, setComments] = useState<TicketComment[]>([]);
  const [tick, setTick] = useState(0);
  const loaded = useRemoteObject<Ticket>(http, `${TICKETS_URL}${encodeURIComponent(id)}/`, tick);
  const ticket = loaded.object;
  const failure = loaded.failure
    ? loaded.failure.notFound
      ? t('detail.notFound')
      : loaded.failure.message
    : null;

  useEffect(() => {
    let alive = true;
    http
      .get<Page<TicketComment> | TicketComment[]>(COMMENTS_URL, { params: { ticket_id: id }, silent: true })
      .then((answer) => alive && setComments(rowsOf(answer).rows))
      .catch(() => alive && setComments([]));
    return () => {
      alive = false;
    };
  }, [http, id, tick]);

  const done = useCallback<ReplyDone>(
    (message, severity = 'success') => {
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
          <BasicInfo ticket={ticket} />
          <ApplyInfo ticket={ticket} />
          <AssignedInfo ticket={ticket} />
          <TicketComments comments={comments} />
          <TicketReply ticket={ticket} onDone={done} />
        </div>
        <div className="col-12 lg:col-4">
          <TicketSteps ticket={ticket} />
        </div>
      </div>
    </div>
  );
}
