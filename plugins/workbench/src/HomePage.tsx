import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import {
  Http,
  PublicSettings,
  showsTicketsLink,
  useCan,
  useProfile,
  useService,
  useT,
  type Page,
  useDateText,
} from '@bastion/sdk';
import { announcementOf } from './homeRules';
import {
  ASSETS_PATH,
  MY_ASSETS_URL,
  MY_SESSIONS_URL,
  TICKETS_URL,
  VIEW_MY_ASSETS,
  ticketPath,
} from './paths';

/** How many assigned tickets the card lists (docs/resources.md#the-workbench). */
const TICKETS_SHOWN = 5;
/** How many of my sessions the recent-sessions card lists. */
const SESSIONS_SHOWN = 5;

interface TicketRow {
  id: string;
  title?: string;
  applicant_display?: string;
  type?: string;
  type_display?: string;
  date_created?: string;
}

type Load<T> = { status: 'loading' } | { status: 'ready'; value: T } | { status: 'failed' };

/** One GET for a card; `url` null = nothing to load. Refused requests are shown by the shell. */
function useLoad<T>(url: string | null, params?: Record<string, string | number>): Load<T> {
  const http = useService(Http);
  const [state, setState] = useState<Load<T>>({ status: 'loading' });
  const key = JSON.stringify([url, params ?? {}]);
  useEffect(() => {
    if (!url) return undefined;
    let live = true;
    http
      .get<T>(url, { params })
      .then((value) => live && setState({ status: 'ready', value }))
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
    // key stands for url and params.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [http, key]);
  return state;
}

function Card({
  title,
  icon,
  testId,
  wide = false,
  children,
}: {
  title: ReactNode;
  icon: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? 'col-12' : 'col-12 md:col-6'}>
      <section className="surface-card border-round shadow-1 p-3 h-full" data-testid={testId}>
        <h3 className="mt-0 mb-3 text-base flex align-items-center gap-2">
          <i className={icon} aria-hidden="true" />
          {title}
        </h3>
        {children}
      </section>
    </div>
  );
}

function Pending() {
  const t = useT();
  return <i className="pi pi-spin pi-spinner text-color-secondary" aria-label={t('common.loading')} />;
}

function Failed() {
  const t = useT();
  return <span className="text-color-secondary">{t('common.failed')}</span>;
}

/** The announcement of the public settings, as text (its link only when it is an http(s) address). */
function AnnouncementCard() {
  const t = useT();
  const announcement = announcementOf(useService(PublicSettings).values);
  if (!announcement) return null;
  return (
    <Card title={t('home.announcement')} icon="pi pi-megaphone" testId="wb-announcement" wide>
      {announcement.subject ? (
        <p className="mt-0 mb-2 font-medium" data-testid="wb-announcement-subject">
          {announcement.subject}
        </p>
      ) : null}
      {announcement.content ? (
        <p className="m-0 white-space-pre-line" data-testid="wb-announcement-content">
          {announcement.content}
        </p>
      ) : null}
      {announcement.link ? (
        <a
          className="inline-block mt-2"
          href={announcement.link}
          target="_blank"
          rel="noopener noreferrer"
          data-testid="wb-announcement-link"
        >
          {t('home.announcementLink')}
        </a>
      ) : null}
    </Card>
  );
}

function ProfileCard() {
  const t = useT();
  const profile = useProfile();
  const dateText = useDateText();
  if (!profile) return null;
  const rows: [string, string, string][] = [
    ['name', t('profile.name'), profile.name],
    ['username', t('profile.username'), profile.username],
    ['email', t('profile.email'), profile.email ?? ''],
    [
      'last-login',
      t('profile.lastLogin'),
      profile.last_login ? dateText(profile.last_login) : t('profile.never'),
    ],
  ];
  return (
    <Card title={t('home.profile')} icon="pi pi-user" testId="wb-profile">
      <dl className="m-0">
        {rows.map(([key, label, value]) => (
          <div key={key} className="flex gap-3 py-2 border-bottom-1 surface-border">
            <dt className="w-8rem flex-shrink-0 text-color-secondary">{label}</dt>
            <dd className="m-0 flex-1" style={{ wordBreak: 'break-word' }} data-testid={`wb-profile-${key}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
    </Card>
  );
}

function MyAssetsCard() {
  const t = useT();
  const state = useLoad<Page<unknown> | unknown[]>(MY_ASSETS_URL, { limit: 1, offset: 0 });
  let body: ReactNode;
  if (state.status === 'loading') body = <Pending />;
  else if (state.status === 'failed') body = <Failed />;
  else {
    const count = Array.isArray(state.value) ? state.value.length : (state.value.count ?? 0);
    body = (
      <span className="text-4xl font-medium" data-testid="wb-assets-count">
        {count}
      </span>
    );
  }
  return (
    <Card title={t('home.myAssets')} icon="pi pi-server" testId="wb-assets">
      <div className="flex align-items-end justify-content-between gap-3">
        {body}
        <Link to={ASSETS_PATH} data-testid="wb-assets-link">
          {t('home.openMyAssets')}
        </Link>
      </div>
    </Card>
  );
}

/**
 * A card listing the first rows of a list answer (a page or a plain array): one line that names the row and
 * a secondary line of its details, or the empty text.
 */
function RowsCard<Row extends { id: string }>({
  state,
  shown,
  title,
  icon,
  testId,
  rowTestId,
  emptyText,
  heading,
  details,
}: {
  state: Load<Page<Row> | Row[]>;
  shown: number;
  title: string;
  icon: string;
  testId: string;
  rowTestId: string;
  emptyText: string;
  heading: (row: Row) => ReactNode;
  details: (row: Row) => ReadonlyArray<string | null | undefined>;
}) {
  let body: ReactNode;
  if (state.status === 'loading') body = <Pending />;
  else if (state.status === 'failed') body = <Failed />;
  else {
    const rows = Array.isArray(state.value) ? state.value : (state.value.results ?? []);
    body = rows.length ? (
      <ul className="list-none m-0 p-0">
        {rows.slice(0, shown).map((row) => (
          <li
            key={row.id}
            className="py-2 border-bottom-1 surface-border flex flex-column gap-1"
            data-testid={rowTestId}
          >
            {heading(row)}
            <small className="text-color-secondary">{details(row).filter(Boolean).join(' · ')}</small>
          </li>
        ))}
      </ul>
    ) : (
      <span className="text-color-secondary" data-testid={`${testId}-empty`}>
        {emptyText}
      </span>
    );
  }
  return (
    <Card title={title} icon={icon} testId={testId}>
      {body}
    </Card>
  );
}

/** Open tickets waiting for me; titles link to the tickets view only when I may open it. */
function AssignedTicketsCard({ linked }: { linked: boolean }) {
  const t = useT();
  const profile = useProfile();
  const dateText = useDateText();
  const state = useLoad<Page<TicketRow> | TicketRow[]>(profile ? TICKETS_URL : null, {
    assignees__id: profile?.id ?? '',
    status: 'open',
    limit: TICKETS_SHOWN,
    offset: 0,
  });
  return (
    <RowsCard
      state={state}
      shown={TICKETS_SHOWN}
      title={t('home.assignedTickets')}
      icon="pi pi-ticket"
      testId="wb-tickets"
      rowTestId="wb-ticket"
      emptyText={t('home.noTickets')}
      heading={(row) =>
        linked ? (
          <Link to={ticketPath(row.id)} data-testid="wb-ticket-link">
            {row.title ?? row.id}
          </Link>
        ) : (
          <span className="font-medium" data-testid="wb-ticket-title">
            {row.title ?? row.id}
          </span>
        )
      }
      details={(row) => [row.applicant_display, row.type_display ?? row.type, dateText(row.date_created)]}
    />
  );
}

interface SessionRow {
  id: string;
  asset: string;
  system_user: string;
  remote_addr: string | null;
  protocol: string;
  date_start: string;
}

/** My latest sessions, as the components reported them (docs/terminal.md#sessions). */
function RecentSessionsCard() {
  const t = useT();
  const dateText = useDateText();
  const state = useLoad<Page<SessionRow> | SessionRow[]>(MY_SESSIONS_URL, {
    limit: SESSIONS_SHOWN,
    offset: 0,
  });
  return (
    <RowsCard
      state={state}
      shown={SESSIONS_SHOWN}
      title={t('home.recentSessions')}
      icon="pi pi-desktop"
      testId="wb-sessions"
      rowTestId="wb-session"
      emptyText={t('home.noSessions')}
      heading={(row) => <span className="font-medium">{row.asset}</span>}
      details={(row) => [row.system_user, row.protocol, row.remote_addr, dateText(row.date_start)]}
    />
  );
}

/**
 * Workbench home (docs/resources.md#the-workbench `MyHome`): the announcement, my profile, my granted assets,
 * my recent sessions and the tickets assigned to me.
 */
export default function HomePage() {
  const settings = useService(PublicSettings);
  const profile = useProfile();
  const canViewTickets = useCan('tickets.view_ticket');
  const canViewAssets = useCan(VIEW_MY_ASSETS);
  const licensed = settings.licensed;
  return (
    <div className="grid" data-testid="workbench-home">
      <AnnouncementCard />
      <ProfileCard />
      {canViewAssets ? <MyAssetsCard /> : null}
      <RecentSessionsCard />
      {licensed && canViewTickets ? (
        <AssignedTicketsCard linked={profile ? showsTicketsLink(profile, licensed) : false} />
      ) : null}
    </div>
  );
}
