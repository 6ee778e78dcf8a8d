import { useMemo, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SelectButton } from 'primereact/selectbutton';
import type { ChartConfiguration } from 'chart.js';
import {
  Http,
  useCan,
  useDateText,
  useRemoteObject,
  useService,
  useT,
  type RemoteObject,
} from '@bastion/sdk';
import { ChartCanvas } from './ChartCanvas';
import { ASSETS_PATH, INDEX_URL, SESSIONS_PATH, USERS_PATH } from './paths';

interface Counts {
  total_count_users: number;
  total_count_assets: number;
  total_count_online_users: number;
  total_count_online_sessions: number;
}
interface Metrics {
  dates_metrics_date: string[];
  dates_metrics_total_count_login: number[];
  dates_metrics_total_count_active_users: number[];
  dates_metrics_total_count_active_assets: number[];
}
interface Ratios {
  dates_total_count_active_users: number;
  dates_total_count_inactive_users: number;
  dates_total_count_disabled_users: number;
  dates_total_count_active_assets: number;
  dates_total_count_inactive_assets: number;
  dates_total_count_disabled_assets: number;
  dates_total_count_login_users: number;
  dates_total_count_login_times: number;
}
interface TopUser {
  user_id: string;
  user: string;
  total: number;
}
interface TopAsset {
  asset: string;
  total: number;
}
interface RecentSession {
  user: string;
  asset: string;
  is_finished: boolean;
  date_start: string;
}

/** The series colours of the original dashboard: logins, active users, active assets. */
const COLOURS = ['#1ab394', '#1c84c6', '#9cc3da'] as const;
const RATIO_COLOURS = ['#1ab394', '#9cc3da', '#ed5565'] as const;

const url = (flags: string) => `${INDEX_URL}?${flags}`;
/** `2026-11-24 09:31:22.123000+00:00` (Python's str of a datetime) as an ISO date the browser reads. */
const isoOf = (pythonDate: string) => pythonDate.replace(' ', 'T').replace(/(\.\d{3})\d+/, '$1');

function Section({
  title,
  testId,
  wide,
  children,
  actions,
}: {
  title: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <div className={wide ? 'col-12 lg:col-8' : 'col-12 lg:col-4'}>
      <section className="surface-card border-round shadow-1 p-3 h-full" data-testid={testId}>
        <div className="flex align-items-center justify-content-between flex-wrap gap-2 mb-3">
          <h3 className="m-0 text-base">{title}</h3>
          {actions}
        </div>
        {children}
      </section>
    </div>
  );
}

/** What a block shows while its answer is on the way or when it failed. */
function Loaded<T>({ state, children }: { state: RemoteObject<T>; children: (value: T) => ReactNode }) {
  const t = useT();
  if (state.failure) return <span className="text-color-secondary">{t('common.failed')}</span>;
  if (!state.object)
    return <i className="pi pi-spin pi-spinner text-color-secondary" aria-label={t('common.loading')} />;
  return <>{children(state.object)}</>;
}

function SummaryCard({
  label,
  value,
  to,
  may,
  testId,
  icon,
}: {
  label: string;
  value: number | undefined;
  to: string;
  may: boolean;
  testId: string;
  icon: string;
}) {
  const number = (
    <span className="text-3xl font-semibold" data-testid={`${testId}-value`}>
      {value ?? '–'}
    </span>
  );
  return (
    <div className="col-12 sm:col-6 xl:col-3">
      <section
        className="surface-card border-round shadow-1 p-3 flex align-items-center gap-3"
        data-testid={testId}
      >
        <i className={`${icon} text-2xl text-primary`} aria-hidden="true" />
        <div className="flex flex-column gap-1 min-w-0">
          <span className="text-color-secondary">{label}</span>
          {may && value !== undefined ? <Link to={to}>{number}</Link> : number}
        </div>
      </section>
    </div>
  );
}

/** The four summary cards: which count each shows, where it leads and who may follow the link. */
const CARDS: ReadonlyArray<{
  label: string;
  count: keyof Counts;
  to: string;
  perm: string;
  testId: string;
  icon: string;
}> = [
  {
    label: 'cards.users',
    count: 'total_count_users',
    to: USERS_PATH,
    perm: 'users.view_user',
    testId: 'dashboard-users',
    icon: 'pi pi-users',
  },
  {
    label: 'cards.assets',
    count: 'total_count_assets',
    to: ASSETS_PATH,
    perm: 'assets.view_asset',
    testId: 'dashboard-assets',
    icon: 'pi pi-server',
  },
  {
    label: 'cards.onlineUsers',
    count: 'total_count_online_users',
    to: SESSIONS_PATH,
    perm: 'terminal.view_session',
    testId: 'dashboard-online-users',
    icon: 'pi pi-user',
  },
  {
    label: 'cards.onlineSessions',
    count: 'total_count_online_sessions',
    to: SESSIONS_PATH,
    perm: 'terminal.view_session',
    testId: 'dashboard-online-sessions',
    icon: 'pi pi-desktop',
  },
];

function SummaryCards() {
  const http = useService(Http);
  const counts = useRemoteObject<Counts>(http, url('total_count=1'), null).object ?? undefined;
  return (
    <div className="grid">
      {CARDS.map((card) => (
        <PermittedSummaryCard key={card.testId} card={card} value={counts?.[card.count]} />
      ))}
    </div>
  );
}

function PermittedSummaryCard({ card, value }: { card: (typeof CARDS)[number]; value: number | undefined }) {
  const t = useT();
  const may = useCan([card.perm]);
  return (
    <SummaryCard
      label={t(card.label)}
      value={value}
      to={card.to}
      may={may}
      testId={card.testId}
      icon={card.icon}
    />
  );
}

function Legend({ items }: { items: ReadonlyArray<[string, string, number]> }) {
  return (
    <ul className="list-none p-0 m-0 mt-2 flex flex-wrap gap-3 text-sm">
      {items.map(([key, label, value], i) => (
        <li key={key} className="flex align-items-center gap-2" data-testid={`legend-${key}`}>
          <span
            className="inline-block border-round"
            style={{ width: 10, height: 10, background: RATIO_COLOURS[i] ?? COLOURS[i] }}
            aria-hidden="true"
          />
          {label} <strong>{value}</strong>
        </li>
      ))}
    </ul>
  );
}

function SessionsOverview() {
  const t = useT();
  const http = useService(Http);
  const [monthly, setMonthly] = useState(false);
  const suffix = monthly ? '&monthly=1' : '';
  const metrics = useRemoteObject<Metrics>(http, url(`dates_metrics=1${suffix}`), null);
  const ratios = useRemoteObject<Ratios>(
    http,
    url(`dates_total_count_users=1&dates_total_count_assets=1&dates_total_count=1${suffix}`),
    null,
  );
  const names = [t('overview.logins'), t('overview.activeUsers'), t('overview.activeAssets')];
  const lineConfig = useMemo((): ChartConfiguration<'line'> | null => {
    const m = metrics.object;
    if (!m) return null;
    const series = [
      m.dates_metrics_total_count_login,
      m.dates_metrics_total_count_active_users,
      m.dates_metrics_total_count_active_assets,
    ];
    return {
      type: 'line',
      data: {
        labels: m.dates_metrics_date,
        datasets: series.map((data, i) => ({
          label: names[i],
          data,
          borderColor: COLOURS[i],
          backgroundColor: `${COLOURS[i]}33`,
          fill: true,
          tension: 0.4,
        })),
      },
      options: {
        maintainAspectRatio: false,
        scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
        plugins: { legend: { position: 'bottom' } },
      },
    };
    // names follow the language, which reloads the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [metrics.object]);
  const periods = [
    { label: t('overview.weekly'), value: false },
    { label: t('overview.monthly'), value: true },
  ];
  return (
    <>
      <Section
        title={t('overview.title')}
        testId="dashboard-overview"
        wide
        actions={
          <SelectButton
            value={monthly}
            options={periods}
            onChange={(e) => setMonthly(Boolean(e.value))}
            allowEmpty={false}
            data-testid="dashboard-period"
          />
        }
      >
        <Loaded state={metrics}>
          {(m) => (
            <>
              {lineConfig ? (
                <ChartCanvas
                  config={lineConfig as ChartConfiguration<'line' | 'doughnut'>}
                  label={t('overview.chartLabel', { days: m.dates_metrics_date.length })}
                  testId="dashboard-sessions-chart"
                />
              ) : null}
              <p className="m-0 mt-2 text-color-secondary" data-testid="dashboard-period-totals">
                {ratios.object
                  ? t('overview.totals', {
                      times: ratios.object.dates_total_count_login_times,
                      users: ratios.object.dates_total_count_login_users,
                    })
                  : ''}
              </p>
            </>
          )}
        </Loaded>
      </Section>
      <Section title={t('ratio.title')} testId="dashboard-ratios">
        <Loaded state={ratios}>
          {(r) => (
            <div className="flex flex-column gap-4">
              <RatioChart
                title={t('ratio.users')}
                testId="users"
                values={[
                  r.dates_total_count_active_users,
                  r.dates_total_count_inactive_users,
                  r.dates_total_count_disabled_users,
                ]}
              />
              <RatioChart
                title={t('ratio.assets')}
                testId="assets"
                values={[
                  r.dates_total_count_active_assets,
                  r.dates_total_count_inactive_assets,
                  r.dates_total_count_disabled_assets,
                ]}
              />
            </div>
          )}
        </Loaded>
      </Section>
    </>
  );
}

function RatioChart({
  title,
  testId,
  values,
}: {
  title: string;
  testId: string;
  values: [number, number, number];
}) {
  const t = useT();
  const labels = [t('ratio.active'), t('ratio.inactive'), t('ratio.disabled')];
  const key = values.join();
  const config = useMemo(
    (): ChartConfiguration<'doughnut'> => ({
      type: 'doughnut',
      data: { labels, datasets: [{ data: key.split(',').map(Number), backgroundColor: [...RATIO_COLOURS] }] },
      options: { maintainAspectRatio: false, cutout: '65%', plugins: { legend: { display: false } } },
    }),
    // labels follow the language, which reloads the page.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );
  return (
    <div data-testid={`dashboard-ratio-${testId}`}>
      <h4 className="m-0 mb-2 text-sm">{title}</h4>
      <ChartCanvas
        config={config as ChartConfiguration<'line' | 'doughnut'>}
        label={title}
        testId={`dashboard-ratio-${testId}-chart`}
        height={140}
      />
      <Legend
        items={[
          ['active', labels[0]!, values[0]],
          ['inactive', labels[1]!, values[1]],
          ['disabled', labels[2]!, values[2]],
        ]}
      />
    </div>
  );
}

function TopList<T>({
  title,
  testId,
  flag,
  render,
}: {
  title: string;
  testId: string;
  flag: string;
  render: (rows: T[]) => ReactNode;
}) {
  const t = useT();
  const http = useService(Http);
  const state = useRemoteObject<Record<string, T[]>>(http, url(`${flag}=1`), null);
  return (
    <Section title={title} testId={testId}>
      <Loaded state={state}>
        {(answer) => {
          const rows = answer[flag] ?? [];
          return rows.length ? (
            render(rows)
          ) : (
            <span className="text-color-secondary">{t('common.empty')}</span>
          );
        }}
      </Loaded>
    </Section>
  );
}

function Ranking({ rows }: { rows: ReadonlyArray<{ key: string; name: string; total: number }> }) {
  const t = useT();
  return (
    <ol className="m-0 pl-4 flex flex-column gap-2">
      {rows.map((row) => (
        <li key={row.key} data-testid="top-row">
          <span className="flex justify-content-between gap-2">
            <span className="overflow-hidden text-overflow-ellipsis white-space-nowrap">{row.name}</span>
            <span className="text-color-secondary white-space-nowrap">
              {t('top.times', { count: row.total })}
            </span>
          </span>
        </li>
      ))}
    </ol>
  );
}

/** The admin and audit dashboards (docs/dashboard.md): the current organization's figures. */
export default function DashboardPage() {
  const t = useT();
  const dateText = useDateText();
  return (
    <div className="flex flex-column gap-3" data-testid="dashboard">
      <SummaryCards />
      <div className="grid">
        <SessionsOverview />
      </div>
      <div className="grid">
        <TopList<TopUser>
          title={t('top.users')}
          testId="dashboard-top-users"
          flag="dates_login_times_top10_users"
          render={(rows) => (
            <Ranking rows={rows.map((r) => ({ key: r.user_id, name: r.user, total: r.total }))} />
          )}
        />
        <TopList<TopAsset>
          title={t('top.assets')}
          testId="dashboard-top-assets"
          flag="dates_login_times_top10_assets"
          render={(rows) => (
            <Ranking rows={rows.map((r) => ({ key: r.asset, name: r.asset, total: r.total }))} />
          )}
        />
        <TopList<RecentSession>
          title={t('latest.title')}
          testId="dashboard-latest"
          flag="dates_login_record_top10_sessions"
          render={(rows) => (
            <ul className="list-none m-0 p-0 flex flex-column gap-2">
              {rows.map((s, i) => (
                <li key={`${s.date_start}-${i}`} data-testid="latest-row" className="flex flex-column">
                  <span>
                    {t('latest.loggedIn', { user: s.user, asset: s.asset })}
                    {s.is_finished ? null : (
                      <span className="ml-2 text-green-600 text-sm">{t('latest.online')}</span>
                    )}
                  </span>
                  <span className="text-color-secondary text-sm">{dateText(isoOf(s.date_start))}</span>
                </li>
              ))}
            </ul>
          )}
        />
      </div>
    </div>
  );
}
