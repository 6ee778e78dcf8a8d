import { useEffect, useState } from 'react';
import { Card } from 'primereact/card';
import { InputSwitch } from 'primereact/inputswitch';
import { Http, useService, useT } from '@bastion/sdk';

interface Backend {
  name: string;
  name_display: string;
}

/**
 * The user's own message channels (docs/message-subscriptions.md#a-users-own-channels): one switch per
 * channel the server has; the site message is always on. A switch saves at once.
 */
export default function MessageSubscriptionCard({ userId }: { userId: string }) {
  const t = useT();
  const http = useService(Http);
  const url = `/api/v1/notifications/user-msg-subscription/${encodeURIComponent(userId)}/`;
  const [backends, setBackends] = useState<Backend[]>([]);
  const [on, setOn] = useState<string[] | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([
      http.get<Backend[]>('/api/v1/notifications/backends/'),
      http.get<{ receive_backends: string[] }>(url),
    ]).then(
      ([channels, own]) => {
        if (!live) return;
        setBackends(channels);
        setOn(own.receive_backends);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http, url]);

  if (!on) return null;

  const toggle = async (name: string, value: boolean) => {
    const next = value ? [...on, name] : on.filter((item) => item !== name);
    try {
      setOn(
        (await http.patch<{ receive_backends: string[] }>(url, { receive_backends: next })).receive_backends,
      );
      setFailed(false);
    } catch {
      setFailed(true);
    }
  };

  return (
    <Card title={t('subscription.title')} className="mt-3" data-testid="profile-subscriptions">
      <div className="flex flex-wrap gap-4">
        {backends.map((backend) => (
          <label key={backend.name} className="flex align-items-center gap-2">
            <InputSwitch
              data-testid={`profile-subscription-${backend.name}`}
              checked={on.includes(backend.name)}
              // The site message reaches everybody (as in v2.21): shown, not switchable.
              disabled={backend.name === 'site_msg'}
              onChange={(e) => void toggle(backend.name, e.value === true)}
            />
            {backend.name_display}
          </label>
        ))}
      </div>
      {failed ? <small className="p-error">{t('subscription.failed')}</small> : null}
    </Card>
  );
}
