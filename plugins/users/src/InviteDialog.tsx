import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { Http, RelationSelect, useService, useT } from '@bastion/sdk';
import { ORG_USER_ROLE_ID, USERS_URL, roleSelect } from './common';

/** Invite existing users of other organizations into the current one (licence; POST users/invite/). */
export function InviteDialog({ onHide }: { onHide: (done: boolean) => void }) {
  const t = useT();
  const http = useService(Http);
  const [users, setUsers] = useState<string[]>([]);
  const [roles, setRoles] = useState<string[]>([ORG_USER_ROLE_ID]);
  const [busy, setBusy] = useState(false);
  const invite = async (): Promise<void> => {
    setBusy(true);
    try {
      await http.post(`${USERS_URL}invite/`, { users, org_roles: roles });
      onHide(true);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      header={t('users.invite')}
      visible
      onHide={() => onHide(false)}
      style={{ width: '40rem' }}
      data-testid="invite-dialog"
      footer={
        <Button
          type="button"
          label={t('users.invite')}
          loading={busy}
          disabled={!users.length || !roles.length}
          onClick={() => void invite()}
        />
      }
    >
      <div className="flex flex-column gap-3">
        <label className="font-semibold">{t('users.field.users')}</label>
        <RelationSelect
          config={{
            url: `${USERS_URL}suggestions/`,
            multiple: true,
            label: (r) => `${String(r.name)}(${String(r.username)})`,
          }}
          value={users}
          onChange={(v) => setUsers((v as string[]) ?? [])}
        />
        <label className="font-semibold">{t('users.field.orgRoles')}</label>
        <RelationSelect
          config={roleSelect('org')}
          value={roles}
          onChange={(v) => setRoles((v as string[]) ?? [])}
        />
      </div>
    </Dialog>
  );
}
