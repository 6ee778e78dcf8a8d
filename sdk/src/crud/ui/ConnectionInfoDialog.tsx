import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { Message } from 'primereact/message';
import { errorText } from '../errors';
import { useKit } from './kit';

/** The connection-info API (docs/connection-info.md). */
export const CONNECTION_INFO_URL = '/api/v1/terminal/connection-info/';

export interface ConnectionInfo {
  asset: { id: string; hostname: string; ip: string | null };
  system_users: Array<{ id: string; name: string; username: string; protocol: string }>;
  system_user: string | null;
  connections: Array<{
    protocol: string;
    host: string;
    port: number;
    endpoint: string;
    command: string | null;
  }>;
}

export interface ConnectionInfoDialogProps {
  assetId: string;
  onHide: () => void;
}

/**
 * How to reach an asset from one's own client (docs/connection-info.md): per protocol the host and port the
 * endpoint rules pick for the asset's address, for the chosen system user, and the SSH command to copy.
 */
export function ConnectionInfoDialog({ assetId, onHide }: ConnectionInfoDialogProps) {
  const { http, t } = useKit();
  const [systemUser, setSystemUser] = useState<string | null>(null);
  const [info, setInfo] = useState<ConnectionInfo | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);

  useEffect(() => {
    let alive = true;
    const params: Record<string, string> = { asset_id: assetId };
    if (systemUser) params.system_user_id = systemUser;
    http
      .get<ConnectionInfo>(CONNECTION_INFO_URL, { params, silent: true })
      .then((answer) => {
        if (!alive) return;
        setInfo(answer);
        setError(null);
      })
      .catch((e: { data?: unknown; message?: string }) => {
        if (alive) setError(errorText(e.data) || String(e.message ?? ''));
      });
    return () => {
      alive = false;
    };
  }, [http, assetId, systemUser]);

  const ssh = info?.connections.find((c) => c.command)?.command ?? null;
  const copy = async (text: string): Promise<void> => {
    await navigator.clipboard?.writeText(text);
    setCopied(true);
  };

  return (
    <Dialog
      header={info ? `${t('connection.title')} — ${info.asset.hostname}` : t('connection.title')}
      visible
      onHide={onHide}
      style={{ width: '36rem', maxWidth: '95vw' }}
      data-testid="connection-info"
    >
      {error ? (
        <Message severity="error" text={error} className="w-full mb-3" data-testid="connection-error" />
      ) : null}
      {info ? (
        <div className="flex flex-column gap-3">
          <div className="flex flex-column gap-1">
            <label htmlFor="connection-system-user">{t('connection.systemUser')}</label>
            {info.system_users.length ? (
              <Dropdown
                inputId="connection-system-user"
                value={info.system_user}
                options={info.system_users.map((s) => ({
                  label: `${s.name} (${s.username || '-'}, ${s.protocol})`,
                  value: s.id,
                }))}
                onChange={(e) => {
                  setCopied(false);
                  setSystemUser(String(e.value));
                }}
                data-testid="connection-system-user"
              />
            ) : (
              <span className="text-color-secondary" data-testid="connection-no-system-user">
                {t('connection.noSystemUser')}
              </span>
            )}
          </div>
          <table className="w-full" style={{ borderCollapse: 'collapse' }} data-testid="connection-table">
            <thead>
              <tr className="text-left text-color-secondary">
                <th className="py-1">{t('connection.protocol')}</th>
                <th className="py-1">{t('connection.host')}</th>
                <th className="py-1">{t('connection.port')}</th>
              </tr>
            </thead>
            <tbody>
              {info.connections.map((c) => (
                <tr key={c.protocol} data-testid={`connection-row-${c.protocol}`} title={c.endpoint}>
                  <td className="py-1 font-medium">{c.protocol.toUpperCase()}</td>
                  <td className="py-1" data-testid="connection-host">
                    {c.host}
                  </td>
                  <td className="py-1" data-testid="connection-port">
                    {c.port}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {info.connections.length === 0 ? (
            <span className="text-color-secondary">{t('connection.none')}</span>
          ) : null}
          {ssh ? (
            <div className="flex flex-column gap-1">
              <label htmlFor="connection-ssh">{t('connection.sshCommand')}</label>
              <div className="p-inputgroup">
                <InputText
                  id="connection-ssh"
                  value={ssh}
                  readOnly
                  className="font-monospace"
                  data-testid="connection-ssh"
                />
                <Button
                  type="button"
                  icon={copied ? 'pi pi-check' : 'pi pi-copy'}
                  aria-label={t('connection.copy')}
                  title={copied ? t('connection.copied') : t('connection.copy')}
                  onClick={() => void copy(ssh)}
                  data-testid="connection-copy"
                />
              </div>
            </div>
          ) : null}
        </div>
      ) : null}
    </Dialog>
  );
}

export default ConnectionInfoDialog;
