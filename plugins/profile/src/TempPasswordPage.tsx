import { useState } from 'react';
import {
  Http,
  I18n,
  ListPage,
  PublicSettings,
  formatDate,
  normalizeLanguage,
  parseServerDate,
  useCan,
  useService,
  useT,
  type Row,
  type TableActionContext,
} from '@bastion/sdk';
import { SecretDialog } from './SecretDialog';

export const TEMP_TOKENS_URL = '/api/v1/authentication/temp-tokens/';

interface TempTokenRow extends Row {
  username: string;
  secret: string;
  verified: boolean;
  is_valid: boolean;
  date_expired: string;
  date_verified: string | null;
}

/**
 * Temporary passwords (docs/auth.md#temporary-passwords `TempPassword`): generate one, use it once within 5
 * minutes as the password at the login page, or expire it. Only while the public setting AUTH_TEMP_TOKEN is
 * on.
 */
export default function TempPasswordPage() {
  const t = useT();
  const http = useService(Http);
  const language = useService(I18n).language;
  const enabled = useService(PublicSettings).values?.AUTH_TEMP_TOKEN === true;
  const canAdd = useCan('authentication.add_temptoken');
  const canChange = useCan('authentication.change_temptoken');
  const [created, setCreated] = useState<TempTokenRow | null>(null);

  if (!enabled)
    return (
      <div
        className="profile-plugin p-inline-message p-inline-message-info w-full"
        data-testid="temp-password-disabled"
      >
        {t('tempPassword.disabled')}
      </div>
    );

  const generate = async (context: TableActionContext): Promise<void> => {
    try {
      setCreated(await http.post<TempTokenRow>(TEMP_TOKENS_URL));
    } catch {
      // The host shows the server's message (e.g. the limit of valid passwords).
    }
    context.reload();
  };

  const expiry = (value: string): string => {
    const date = parseServerDate(value);
    return date ? formatDate(date, normalizeLanguage(language) ?? 'en', 'medium') : value;
  };
  return (
    <div className="profile-plugin" data-testid="temp-password-page">
      <ListPage
        url={TEMP_TOKENS_URL}
        name="profile-temp-passwords"
        help="tempPassword.help"
        testId="temp-password-list"
        permissions={{ app: 'authentication', resource: 'temptoken' }}
        columns={['username', 'secret', 'verified', 'is_valid', 'date_expired', 'date_verified', 'actions']}
        columnsShow={{ min: ['secret', 'is_valid', 'actions'] }}
        columnsMeta={{ username: { kind: 'text' } }}
        hasCreate={false}
        hasImport={false}
        hasExport={false}
        selectable={false}
        mirrorQuery={false}
        search={{ hidden: true }}
        rights={{ rowUpdate: false, rowClone: false, rowDelete: false, bulkDelete: false, bulkUpdate: false }}
        headerActions={[
          {
            name: 'generate',
            label: 'tempPassword.generate',
            icon: 'pi pi-plus',
            has: canAdd,
            onClick: generate,
          },
        ]}
        rowActions={[
          {
            name: 'expire',
            label: 'tempPassword.expire',
            icon: 'pi pi-ban',
            severity: 'warning',
            has: (row) => canChange && row.is_valid === true,
            onClick: async ({ row, reload, notify }) => {
              try {
                await http.patch(`${TEMP_TOKENS_URL}${row.id}/expire/`);
                notify('success', 'tempPassword.expired');
              } catch {
                // Shown by the host.
              }
              reload();
            },
          },
        ]}
      />
      {created ? (
        <SecretDialog
          header={t('tempPassword.createdTitle')}
          testId="temp-password-secret"
          secret={created.secret}
          warning={t('tempPassword.onceWarning', { date: expiry(created.date_expired) })}
          onHide={() => setCreated(null)}
        />
      ) : null}
    </div>
  );
}
