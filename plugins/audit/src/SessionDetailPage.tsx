import { lazy, Suspense, useEffect, useState } from 'react';
import {
  DetailPage,
  Http,
  InfoTab,
  QuickActions,
  useDateText,
  useService,
  useT,
  type DetailContext,
  type Page,
  type QuickAction,
} from '@bastion/sdk';
import {
  COMMANDS_URL,
  JOIN_RECORDS_URL,
  SESSIONS_PATH,
  SESSIONS_URL,
  downloadReplay,
  monitorUrl,
  terminate,
  type SessionRow,
} from './terminalApi';

// The player (xterm.js) loads only when a replay is shown.
const ReplayPlayer = lazy(() => import('./ReplayPlayer'));

const FIELDS = [
  'id',
  'user',
  'asset',
  'system_user',
  'protocol',
  'login_from_display',
  'remote_addr',
  'date_start',
  'date_end',
  'command_amount',
];

function Aside({ c }: { c: DetailContext }) {
  const http = useService(Http);
  const session = c.object as SessionRow;
  const [queued, setQueued] = useState(false);
  const actions: QuickAction[] = session.is_finished
    ? [
        {
          name: 'download',
          label: 'session.download',
          type: 'button',
          buttonLabel: 'session.download',
          disabled: !session.can_replay || !c.can('terminal.download_sessionreplay'),
          onClick: () => downloadReplay(session.id),
        },
      ]
    : [
        {
          name: 'terminate',
          label: 'session.terminate',
          type: 'button',
          severity: 'danger',
          buttonLabel: queued ? 'session.terminateQueued' : 'session.terminate',
          disabled: queued || !session.can_terminate || !c.can('terminal.terminate_session'),
          onClick: async () => {
            const ok = await terminate(http, [session.id]);
            setQueued(ok.length > 0);
            c.notify(
              ok.length ? 'success' : 'warn',
              ok.length ? 'session.terminateQueued' : 'session.terminateNone',
            );
            c.reload();
          },
        },
        {
          name: 'monitor',
          label: 'session.monitor',
          type: 'button',
          buttonLabel: 'session.monitor',
          disabled: !session.can_join || !c.can('terminal.monitor_session'),
          onClick: () => void window.open(monitorUrl(session.id), '_blank', 'noopener'),
        },
      ];
  return <QuickActions title="session.quickActions" actions={actions} />;
}

interface CommandRow {
  id: string;
  input: string;
  output: string;
  risk_level: number;
  risk_level_display: string;
  timestamp_display: string;
}

/** The output is stored base64 (as components send it); shown as text. */
function outputText(output: string): string {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(output), (char) => char.charCodeAt(0)));
  } catch {
    return output;
  }
}

function CommandsTab({ sessionId }: { sessionId: string }) {
  const http = useService(Http);
  const t = useT();
  const dateText = useDateText();
  const [rows, setRows] = useState<CommandRow[] | null>(null);
  useEffect(() => {
    void http
      .get<Page<CommandRow>>(COMMANDS_URL, {
        params: { session_id: sessionId, order: 'timestamp', limit: 500 },
      })
      .then((page) => setRows(page.results));
  }, [http, sessionId]);
  if (rows === null) return <i className="pi pi-spin pi-spinner" />;
  if (rows.length === 0) return <p className="text-color-secondary">{t('session.noCommands')}</p>;
  return (
    <ol className="list-none p-0 m-0 flex flex-column gap-1" data-testid="session-commands">
      {rows.map((row) => (
        <li key={row.id} className={row.risk_level >= 5 ? 'border-left-3 border-red-500 pl-2' : 'pl-2'}>
          <details>
            <summary className="cursor-pointer">
              <code>{row.input}</code>
              <span className="ml-3 text-color-secondary">{dateText(row.timestamp_display)}</span>
              {row.risk_level >= 5 ? (
                <span className="ml-2 text-red-600">{row.risk_level_display}</span>
              ) : null}
            </summary>
            <pre className="surface-ground p-2 border-round overflow-auto m-1">{outputText(row.output)}</pre>
          </details>
        </li>
      ))}
    </ol>
  );
}

interface JoinRecord {
  id: string;
  joiner_display: string;
  verify_code: string;
  remote_addr: string | null;
  login_from_display: string;
  date_joined: string;
  date_left: string | null;
  is_success: boolean;
  reason: string;
}

/**
 * The session's activity: its start and end, and who joined it through a sharing link (the session join
 * records the terminal component posts, docs/terminal.md#sharing-and-joining) — when, from where, how it
 * ended, and refused attempts with their reason.
 */
function ActivityTab({ session, canViewJoins }: { session: SessionRow; canViewJoins: boolean }) {
  const http = useService(Http);
  const t = useT();
  const dateText = useDateText();
  const [records, setRecords] = useState<JoinRecord[] | null>(canViewJoins ? null : []);
  useEffect(() => {
    if (!canViewJoins) return;
    void http
      .get<Page<JoinRecord>>(JOIN_RECORDS_URL, { params: { session: session.id, limit: 200 } })
      .then((page) => setRecords(page.results));
  }, [http, session.id, canViewJoins]);
  const events: Array<{ key: string; date: string; text: string; failed?: boolean }> = [
    { key: 'start', date: session.date_start, text: t('session.activityStarted') },
  ];
  if (session.is_finished && session.date_end)
    events.push({ key: 'end', date: session.date_end, text: t('session.activityEnded') });
  for (const record of records ?? []) {
    const who = {
      user: record.joiner_display || '-',
      from: record.remote_addr ?? '-',
      via: record.login_from_display,
    };
    if (!record.is_success) {
      events.push({
        key: `${record.id}-refused`,
        date: record.date_joined,
        text: t('session.activityJoinRefused', { ...who, reason: record.reason }),
        failed: true,
      });
      continue;
    }
    events.push({
      key: `${record.id}-joined`,
      date: record.date_joined,
      text: t('session.activityJoined', who),
    });
    if (record.date_left)
      events.push({ key: `${record.id}-left`, date: record.date_left, text: t('session.activityLeft', who) });
  }
  events.sort((x, y) => Date.parse(x.date) - Date.parse(y.date));
  return (
    <ul data-testid="session-activity">
      {events.map((event) => (
        <li key={event.key} className={event.failed ? 'text-red-600' : undefined}>
          <span className="text-color-secondary mr-2">{dateText(event.date)}</span>
          {event.text}
        </li>
      ))}
      {records === null ? <i className="pi pi-spin pi-spinner" /> : null}
    </ul>
  );
}

/** Session detail: its fields with quick actions, its commands, its activity and its replay. */
export default function SessionDetailPage() {
  return (
    <DetailPage
      url={SESSIONS_URL}
      basePath={SESSIONS_PATH}
      title="session.detailTitle"
      getObjectName={(session) => `${String(session.user)} → ${String(session.asset)}`}
      permissions={{ app: 'terminal', resource: 'session' }}
      hasUpdate={false}
      hasDelete={false}
      testId="session-detail"
      tabs={[
        {
          name: 'info',
          title: 'session.tabInfo',
          render: (c) => <InfoTab context={c} fields={FIELDS} aside={<Aside c={c} />} />,
        },
        {
          name: 'commands',
          title: 'session.tabCommands',
          hidden: (c) => !c.can('terminal.view_command'),
          render: (c) => <CommandsTab sessionId={String(c.object.id)} />,
        },
        {
          name: 'activity',
          title: 'session.tabActivity',
          render: (c) => (
            <ActivityTab
              session={c.object as SessionRow}
              canViewJoins={c.can('terminal.view_sessionjoinrecord')}
            />
          ),
        },
        {
          name: 'replay',
          title: 'session.tabReplay',
          hidden: (c) => !(c.object as SessionRow).can_replay || !c.can('terminal.view_sessionreplay'),
          render: (c) => (
            <Suspense fallback={<i className="pi pi-spin pi-spinner" />}>
              <ReplayPlayer sessionId={String(c.object.id)} />
            </Suspense>
          ),
        },
      ]}
    />
  );
}
