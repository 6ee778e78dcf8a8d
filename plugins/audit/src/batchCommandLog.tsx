import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Http, ListPage, READ_ONLY_TABLE, openTaskLog, useService, useT } from '@bastion/sdk';

export const BATCH_COMMAND_LOG_PATH = '/audit/logs/command-execution-log';
export const BATCH_COMMAND_LOG_URL = '/api/v1/audits/command-execution-logs/';
const HOSTS_RELATIONS_URL = '/api/v1/audits/command-executions-hosts-relations/';

const COLUMNS = [
  'hosts',
  'user_display',
  'command',
  'run_as_display',
  'result',
  'is_finished',
  'is_success',
  'date_start',
];

interface HostRelation {
  id: string;
  asset_display: string;
}

/** The hosts of one run, as the relation list answers them (all of them: a run has at most 500). */
function HostsDialog({ execution, onHide }: { execution: string; onHide: () => void }) {
  const http = useService(Http);
  const t = useT();
  const [hosts, setHosts] = useState<string[] | null>(null);
  useEffect(() => {
    void http
      .get<HostRelation[]>(HOSTS_RELATIONS_URL, { params: { commandexecution: execution } })
      .then((rows) => setHosts(rows.map((row) => row.asset_display)));
  }, [http, execution]);
  return (
    <Dialog header={t('batchCommand.hosts')} visible onHide={onHide} style={{ width: '32rem' }}>
      <ul className="m-0 pl-3" data-testid="batch-command-hosts">
        {(hosts ?? []).map((host) => (
          <li key={host}>{host}</li>
        ))}
      </ul>
    </Dialog>
  );
}

/**
 * The batch-command log (docs/batch-commands.md#the-log): every run in the current org, newest first, on the
 * last 7 days; the hosts count opens the list of hosts, "View" the run's task log.
 */
export function BatchCommandLogPage() {
  const t = useT();
  const [hostsOf, setHostsOf] = useState<string | null>(null);
  return (
    <>
      <ListPage
        url={BATCH_COMMAND_LOG_URL}
        permissions={{ app: 'ops', resource: 'commandexecution' }}
        columns={COLUMNS}
        columnsMeta={{
          hosts: {
            body: (row) => (
              <Button
                link
                className="p-0"
                label={String(Array.isArray(row.hosts) ? row.hosts.length : 0)}
                aria-label={t('batchCommand.hosts')}
                onClick={() => setHostsOf(String(row.id))}
                data-testid="batch-command-hosts-count"
              />
            ),
          },
          result: {
            body: (row) => (
              <Button
                link
                className="p-0"
                label={t('batchCommand.view')}
                onClick={() => openTaskLog(String(row.id))}
                data-testid="batch-command-view-log"
              />
            ),
          },
        }}
        datePicker={{ days: 7 }}
        detailPath={null}
        hasCreate={false}
        selectable={false}
        rights={{ ...READ_ONLY_TABLE, export: true }}
        testId="batch-command-logs"
      />
      {hostsOf ? <HostsDialog execution={hostsOf} onHide={() => setHostsOf(null)} /> : null}
    </>
  );
}
