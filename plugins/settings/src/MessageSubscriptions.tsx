import { Fragment, useEffect, useState } from 'react';
import { Checkbox } from 'primereact/checkbox';
import { Http, isHttpError, mapServerErrors, RelationSelect, useService, useT } from '@bastion/sdk';

interface Backend {
  name: string;
  name_display: string;
}
interface Subscription {
  message_type: string;
  message_type_label: string;
  users: string[];
  groups: string[];
  roles: string[];
  receive_backends: string[];
}
interface Category {
  category: string;
  category_label: string;
  children: Subscription[];
}

const SYSTEM_URL = '/api/v1/notifications/system-msg-subscription/';
const RECEIVERS = [
  { field: 'users', url: '/api/v1/users/users/' },
  { field: 'groups', url: '/api/v1/users/groups/' },
  { field: 'roles', url: '/api/v1/rbac/roles/' },
] as const;

/**
 * Message subscription (docs/message-subscriptions.md): each system message, by category, with the
 * channels it goes over and its receivers. Every change is saved at once (PATCH of that message); a
 * refused one shows its message on the row and the page shows what the server holds.
 */
export default function MessageSubscriptions() {
  const t = useT();
  const http = useService(Http);
  const [backends, setBackends] = useState<Backend[] | null>(null);
  const [categories, setCategories] = useState<Category[] | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});

  useEffect(() => {
    let live = true;
    Promise.all([
      http.get<Backend[]>('/api/v1/notifications/backends/'),
      http.get<Category[]>(SYSTEM_URL),
    ]).then(
      ([channels, list]) => {
        if (!live) return;
        setBackends(channels);
        setCategories(list);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http]);

  if (!backends || !categories) return <i className="pi pi-spin pi-spinner" aria-label={t('form.loading')} />;

  const patch = async (type: string, body: Partial<Subscription>) => {
    try {
      const saved = await http.patch<Subscription>(`${SYSTEM_URL}${type}/`, body, { silent: true });
      setCategories((current) =>
        (current ?? []).map((c) => ({
          ...c,
          children: c.children.map((child) => (child.message_type === type ? { ...child, ...saved } : child)),
        })),
      );
      setErrors(({ [type]: _gone, ...rest }) => rest);
    } catch (error) {
      const mapped = mapServerErrors(isHttpError(error) ? error.data : null);
      setErrors((current) => ({
        ...current,
        [type]: mapped.form ?? (Object.values(mapped.fields).join(' ') || t('form.failed')),
      }));
    }
  };

  return (
    <div className="settings-plugin overflow-x-auto" data-testid="message-subscriptions">
      <table className="w-full" style={{ borderCollapse: 'collapse' }}>
        <thead>
          <tr className="text-left border-bottom-1 surface-border">
            <th className="p-2">{t('subscription.message')}</th>
            {backends.map((b) => (
              <th key={b.name} className="p-2 white-space-nowrap">
                {b.name_display}
              </th>
            ))}
            {RECEIVERS.map((r) => (
              <th key={r.field} className="p-2" style={{ minWidth: '14rem' }}>
                {t(`subscription.${r.field}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {categories.map((category) => (
            <Fragment key={category.category}>
              <tr>
                <td
                  colSpan={1 + backends.length + RECEIVERS.length}
                  className="p-2 font-semibold surface-100"
                >
                  {category.category_label}
                </td>
              </tr>
              {category.children.map((row) => (
                <tr
                  key={row.message_type}
                  className="border-bottom-1 surface-border"
                  data-testid={`subscription-${row.message_type}`}
                >
                  <td className="p-2">
                    {row.message_type_label}
                    {errors[row.message_type] ? (
                      <small className="p-error block" data-testid={`subscription-error-${row.message_type}`}>
                        {errors[row.message_type]}
                      </small>
                    ) : null}
                  </td>
                  {backends.map((b) => (
                    <td key={b.name} className="p-2">
                      <Checkbox
                        inputId={`subscription-${row.message_type}-${b.name}`}
                        data-testid={`subscription-${row.message_type}-${b.name}`}
                        aria-label={`${row.message_type_label}: ${b.name_display}`}
                        checked={row.receive_backends.includes(b.name)}
                        onChange={(e) =>
                          void patch(row.message_type, {
                            receive_backends: e.checked
                              ? [...row.receive_backends, b.name]
                              : row.receive_backends.filter((name) => name !== b.name),
                          })
                        }
                      />
                    </td>
                  ))}
                  {RECEIVERS.map((r) => (
                    <td key={r.field} className="p-2">
                      <RelationSelect
                        config={{ url: r.url, multiple: true }}
                        value={row[r.field]}
                        testId={`subscription-${row.message_type}-${r.field}`}
                        onChange={(value) =>
                          void patch(row.message_type, {
                            [r.field]: Array.isArray(value) ? value.map(String) : [],
                          })
                        }
                      />
                    </td>
                  ))}
                </tr>
              ))}
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}
