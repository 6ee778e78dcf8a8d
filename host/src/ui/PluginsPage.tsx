import { useEffect, useState, type ReactNode } from 'react';
import { Http, SDK_VERSION, useService, useT, type PluginStates } from '@bastion/sdk';
import { HOST_VERSION } from '../version';

export const PLUGIN_STATES_URL = '/api/v1/ui/plugins/states/';

const cell = 'p-2 border-bottom-1 surface-border text-left vertical-align-top';
const wrap = { wordBreak: 'break-word' } as const;

interface TableRow {
  key: string;
  testId: string;
  state?: string;
  cells: ReactNode[];
}

/** A plain table: headings are keys of `plugin.admin`, long texts wrap so zh/en/ja all fit. */
function StateTable({ testId, headings, rows }: { testId: string; headings: string[]; rows: TableRow[] }) {
  const t = useT('host');
  return (
    <div className="overflow-auto">
      <table className="w-full" style={{ borderCollapse: 'collapse' }} data-testid={testId}>
        <thead>
          <tr>
            {headings.map((key) => (
              <th key={key} className={cell}>
                {t(`plugin.admin.${key}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key} data-testid={row.testId} data-state={row.state}>
              {row.cells.map((content, index) => (
                <td key={headings[index]} className={cell} style={wrap}>
                  {content}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The admin "Plugins" page: every plugin folder the server found (built in or dropped in) with its version,
 * state and the reason it was refused, and the failures browsers reported, so an operator sees why a plugin
 * is missing without reading the server log.
 */
export default function PluginsPage() {
  const t = useT('host');
  const http = useService(Http);
  const [states, setStates] = useState<PluginStates | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    http
      .get<PluginStates>(PLUGIN_STATES_URL)
      .then((answer) => live && setStates(answer))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [http]);

  return (
    <div className="flex flex-column gap-3" data-testid="plugins-page">
      <p className="m-0 text-color-secondary" data-testid="plugins-host-version">
        {t('plugin.admin.hostVersion', { version: HOST_VERSION, sdk: SDK_VERSION })}
      </p>
      {failed ? <p role="alert">{t('plugin.admin.loadFailed')}</p> : null}
      {states ? (
        <>
          <StateTable
            testId="plugins-table"
            headings={['id', 'version', 'source', 'state', 'reason', 'signedBy']}
            rows={states.plugins.map((p) => ({
              key: `${p.source}/${p.id}`,
              testId: `plugin-row-${p.source}-${p.id}`,
              state: p.state,
              cells: [
                <code key="id">{p.id}</code>,
                p.version ?? '—',
                t(`plugin.admin.sources.${p.source}`),
                <span key="state" className={p.state === 'refused' ? 'text-orange-600 font-medium' : ''}>
                  {t(`plugin.admin.states.${p.state}`)}
                </span>,
                p.reason ?? '',
                p.signedBy ? <code key="key">{p.signedBy}</code> : '',
              ],
            }))}
          />
          <h3 className="mb-0">{t('plugin.admin.faults')}</h3>
          {states.faults.length === 0 ? (
            <p className="m-0 text-color-secondary">{t('plugin.admin.noFaults')}</p>
          ) : (
            <StateTable
              testId="plugin-faults-table"
              headings={['at', 'id', 'version', 'kind', 'user', 'detail']}
              rows={states.faults.map((f, index) => ({
                key: `${f.at}-${index}`,
                testId: `plugin-fault-${f.pluginId}`,
                cells: [
                  new Date(f.at).toLocaleString(),
                  <code key="id">{f.pluginId}</code>,
                  f.version,
                  t(`plugin.reason.${f.kind}`, { defaultValue: f.kind }),
                  f.username,
                  f.detail,
                ],
              }))}
            />
          )}
        </>
      ) : null}
    </div>
  );
}
