import { useEffect, useState } from 'react';
import { Http, SDK_VERSION, useService, useT } from '@bastion/sdk';
import { HOST_VERSION } from '../version';

/** `GET /api/v1/ui/plugins/states/` (docs/architecture.md "Plugin list API"). */
interface PluginStates {
  plugins: Array<{
    id: string;
    version: string | null;
    source: 'builtin' | 'dropin';
    state: 'installed' | 'refused' | 'replaced';
    reason: string | null;
    signedBy: string | null;
  }>;
  faults: Array<{
    at: string;
    pluginId: string;
    version: string;
    kind: string;
    detail: string;
    username: string;
  }>;
}

export const PLUGIN_STATES_URL = '/api/v1/ui/plugins/states/';

const cell = 'p-2 border-bottom-1 surface-border text-left vertical-align-top';

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
          <div className="overflow-auto">
            <table className="w-full" style={{ borderCollapse: 'collapse' }} data-testid="plugins-table">
              <thead>
                <tr>
                  {(['id', 'version', 'source', 'state', 'reason', 'signedBy'] as const).map((key) => (
                    <th key={key} className={cell}>
                      {t(`plugin.admin.${key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {states.plugins.map((p) => (
                  <tr
                    key={`${p.source}/${p.id}`}
                    data-testid={`plugin-row-${p.source}-${p.id}`}
                    data-state={p.state}
                  >
                    <td className={cell}>
                      <code>{p.id}</code>
                    </td>
                    <td className={cell}>{p.version ?? '—'}</td>
                    <td className={cell}>{t(`plugin.admin.sources.${p.source}`)}</td>
                    <td className={`${cell} ${p.state === 'refused' ? 'text-orange-600 font-medium' : ''}`}>
                      {t(`plugin.admin.states.${p.state}`)}
                    </td>
                    <td className={`${cell} white-space-normal`} style={{ wordBreak: 'break-word' }}>
                      {p.reason ?? ''}
                    </td>
                    <td className={cell} style={{ wordBreak: 'break-all' }}>
                      {p.signedBy ? <code>{p.signedBy}</code> : ''}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <h3 className="mb-0">{t('plugin.admin.faults')}</h3>
          {states.faults.length === 0 ? (
            <p className="m-0 text-color-secondary">{t('plugin.admin.noFaults')}</p>
          ) : (
            <div className="overflow-auto">
              <table
                className="w-full"
                style={{ borderCollapse: 'collapse' }}
                data-testid="plugin-faults-table"
              >
                <thead>
                  <tr>
                    {(['at', 'id', 'version', 'kind', 'user', 'detail'] as const).map((key) => (
                      <th key={key} className={cell}>
                        {t(`plugin.admin.${key}`)}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {states.faults.map((f, index) => (
                    <tr key={`${f.at}-${index}`} data-testid={`plugin-fault-${f.pluginId}`}>
                      <td className={cell}>{new Date(f.at).toLocaleString()}</td>
                      <td className={cell}>
                        <code>{f.pluginId}</code>
                      </td>
                      <td className={cell}>{f.version}</td>
                      <td className={cell}>{t(`plugin.reason.${f.kind}`, { defaultValue: f.kind })}</td>
                      <td className={cell}>{f.username}</td>
                      <td className={`${cell} white-space-normal`} style={{ wordBreak: 'break-word' }}>
                        {f.detail}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
