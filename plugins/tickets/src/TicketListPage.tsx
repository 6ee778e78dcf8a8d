import { useEffect, useMemo, useState } from 'react';
import type { MenuItem } from 'primereact/menuitem';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { ListTable, MenuButton, TabsPage, useProfile, useT, type Row } from '@bastion/sdk';
import {
  REQUEST_ASSET_PATH,
  TAB_ASSIGNED,
  TAB_MINE,
  TICKETS_PATH,
  TICKETS_URL,
  typedDetailPath,
} from './paths';
import { TICKET_STATES } from './ticketRules';
import { StateTag, StatusTag } from './TicketTags';

/** Address keys that are not a search condition of the list. */
const NOT_FILTERS = new Set(['activeTab', 'oid', 'page', 'order', 'date_from', 'date_to']);

function hasCondition(search: URLSearchParams): boolean {
  for (const key of search.keys()) if (!NOT_FILTERS.has(key)) return true;
  return false;
}

/** "Request tickets": the kinds of request a user can open from the console (applications: not yet). */
function RequestMenu() {
  const t = useT();
  const navigate = useNavigate();
  const items: MenuItem[] = [
    {
      label: t('list.requestAsset'),
      icon: 'pi pi-server',
      command: () => navigate(`${REQUEST_ASSET_PATH}/create`),
      data: { testid: 'request-asset' },
    },
  ];
  return <MenuButton label={t('list.request')} items={items} look="outlined" testId="request-tickets" />;
}

/**
 * One tab's table. The list opens with the tag "state: open" unless the address already names a condition;
 * the user may remove it (the table keeps its own query in the address from then on).
 */
function TicketTable({ tab, userId }: { tab: string; userId: string }) {
  const t = useT();
  const [search, setSearch] = useSearchParams();
  const [started, setStarted] = useState(() => hasCondition(search));
  const ready = started || search.get('state') === 'open';
  if (ready && !started) setStarted(true);
  // Put the default tag into the address first: the table reads its first query from there.
  useEffect(() => {
    if (ready) return;
    const next = new URLSearchParams(search);
    next.set('state', 'open');
    setSearch(next, { replace: true });
  }, [ready, search, setSearch]);
  if (!ready) return null;
  const extraQuery = tab === TAB_MINE ? { applicant: userId } : { assignees__id: userId };
  return (
    <ListTable
      url={TICKETS_URL}
      name={`tickets-${tab}`}
      basePath={TICKETS_PATH}
      testId={`tickets-${tab}`}
      extraQuery={extraQuery}
      columns={[
        'serial_num',
        'title',
        'applicant_display',
        'type_display',
        'status',
        'state',
        'date_created',
      ]}
      columnsShow={{ min: ['title'] }}
      columnsMeta={{
        serial_num: { width: 150, label: 'field.serial_num' },
        applicant_display: { label: 'field.applicant' },
        type_display: { label: 'field.type' },
        title: {
          label: 'field.title',
          kind: 'custom',
          sortable: true,
          body: (row: Row) => (
            <Link
              to={typedDetailPath(row.type, row.id)}
              data-testid="ticket-link"
              title={String(row.title ?? '')}
            >
              {String(row.title ?? '')}
            </Link>
          ),
        },
        status: {
          label: 'field.status',
          kind: 'custom',
          width: 100,
          body: (row: Row) => <StatusTag status={row.status} />,
        },
        state: {
          label: 'field.state',
          kind: 'custom',
          width: 110,
          body: (row: Row) => <StateTag state={row.state} />,
        },
        date_created: { label: 'field.date_created', kind: 'datetime' },
      }}
      search={{
        options: [
          {
            value: 'state',
            label: 'list.state',
            choices: TICKET_STATES.map((s) => ({ value: s, label: t(`state.${s}`) })),
          },
        ],
        exclude: ['id', 'applicant', 'assignees__id'],
      }}
      rights={{
        create: false,
        bulkDelete: false,
        bulkUpdate: false,
        import: false,
        rowUpdate: false,
        rowDelete: false,
        rowClone: false,
      }}
      hasCreate={false}
      hasImport={false}
      hasExport={false}
      selectable={false}
      detailPath={(row) => typedDetailPath(row.type, row.id)}
      toolbar={<RequestMenu />}
      rowName={(row) => String(row.title ?? row.id)}
    />
  );
}

/** Ticket list (docs/tickets.md#in-the-console): my tickets and tickets assigned to me. */
export default function TicketListPage() {
  const profile = useProfile();
  const userId = profile?.id ?? '';
  const tabs = useMemo(
    () => [
      { name: TAB_MINE, title: 'list.mine', render: () => <TicketTable tab={TAB_MINE} userId={userId} /> },
      {
        name: TAB_ASSIGNED,
        title: 'list.assigned',
        render: () => <TicketTable tab={TAB_ASSIGNED} userId={userId} />,
      },
    ],
    [userId],
  );
  if (!userId) return null;
  return <TabsPage testId="tickets-page" tabs={tabs} defaultTab={TAB_ASSIGNED} />;
}
