import { useState } from 'react';
import { Button } from 'primereact/button';
import { Card } from 'primereact/card';
import { Http, PublicSettings, Session, useProfile, useService, useT } from '@bastion/sdk';

const SOURCES = [
  { id: 'wecom', name: 'WeCom', setting: 'AUTH_WECOM' },
  { id: 'dingtalk', name: 'DingTalk', setting: 'AUTH_DINGTALK' },
  { id: 'feishu', name: 'FeiShu', setting: 'AUTH_FEISHU' },
] as const;

/**
 * Binding the user's own WeCom / DingTalk / FeiShu account for QR sign-in (docs/auth-im-sms.md#qr-sign-in-and-binding):
 * one row per source that is on. Binding leaves for the provider's QR page and comes back here; unbinding asks
 * the server, which wants MFA first when the user has it (its answer is shown by the host).
 */
export default function ImBindingsCard() {
  const t = useT();
  const http = useService(Http);
  const session = useService(Session);
  const settings = useService(PublicSettings).values ?? {};
  const profile = useProfile();
  const [busy, setBusy] = useState<string | null>(null);
  const shown = SOURCES.filter((source) => settings[source.setting] === true);
  if (!profile || shown.length === 0) return null;

  const unbind = async (id: string) => {
    setBusy(id);
    try {
      await http.post(`/api/v1/authentication/${id}/qr/unbind/`, {});
      await session.loadProfile();
    } catch {
      // The host shows the server's answer (e.g. MFA verification required).
    } finally {
      setBusy(null);
    }
  };

  return (
    <Card title={t('im.title')} className="mt-3" data-testid="profile-im-bindings">
      <div className="flex flex-column gap-3">
        {shown.map((source) => {
          const bound = profile[`is_${source.id}_bound`] === true;
          return (
            <div
              key={source.id}
              className="flex align-items-center gap-3 flex-wrap"
              data-testid={`im-${source.id}`}
            >
              <span className="font-medium" style={{ minWidth: '7rem' }}>
                {source.name}
              </span>
              <span className="text-color-secondary">{bound ? t('im.bound') : t('im.unbound')}</span>
              {bound ? (
                <Button
                  label={t('im.unbind')}
                  size="small"
                  severity="danger"
                  outlined
                  loading={busy === source.id}
                  onClick={() => void unbind(source.id)}
                />
              ) : (
                <Button
                  label={t('im.bind')}
                  size="small"
                  onClick={() =>
                    window.location.assign(
                      `/core/auth/${source.id}/qr/bind/?redirect_url=${encodeURIComponent('/ui/profile/info')}`,
                    )
                  }
                />
              )}
            </div>
          );
        })}
      </div>
    </Card>
  );
}
