import { useEffect, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { type DetailContext, useT } from '@bastion/sdk';
import { rowsOf as rows, type Page } from './listRows';

const USERS_URL = '/api/v1/users/users/';
const ORG_ROLES_URL = '/api/v1/rbac/org-roles/?limit=100';

interface Member {
  id: string;
  name: string;
  username: string;
  org_roles_display?: string;
}
interface Option {
  id: string;
  name: string;
  username?: string;
  display_name?: string;
}

/**
 * The members of one organization (docs/organizations.md#members): who belongs to it with which org roles,
 * adding users with a role (administrator, auditor, user …) and removing them. Every call acts in that
 * organization (`X-JMS-ORG`) through the users API's invite and remove endpoints, so the server judges each
 * one as it judges the users page: only an administrator of that organization or a system administrator.
 */
export function OrgMembersTab({ context }: { context: DetailContext }) {
  const t = useT();
  const { http } = context;
  const orgId = String(context.object.id);
  const inOrg = { headers: { 'X-JMS-ORG': orgId } };
  const [members, setMembers] = useState<Member[] | null>(null);
  const [roles, setRoles] = useState<Option[]>([]);
  const [candidates, setCandidates] = useState<Option[]>([]);
  const [user, setUser] = useState<string | null>(null);
  const [role, setRole] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // Bumped after a change: the members are fetched again.
  const [version, setVersion] = useState(0);
  const [filter, setFilter] = useState('');

  useEffect(() => {
    let live = true;
    http.get<Page<Member>>(`${USERS_URL}?limit=200&order=username`, { headers: { 'X-JMS-ORG': orgId } }).then(
      (page) => live && setMembers(rows(page)),
      () => live && setMembers([]),
    );
    return () => {
      live = false;
    };
  }, [http, orgId, version]);

  useEffect(() => {
    let live = true;
    http.get<Page<Option>>(ORG_ROLES_URL).then(
      (page) => live && setRoles(rows(page)),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [http]);

  useEffect(() => {
    let live = true;
    http
      .get<Option[]>(`${USERS_URL}suggestions/?search=${encodeURIComponent(filter)}`, { silent: true })
      .then(
        (found) => live && setCandidates(found),
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [http, filter]);

  const add = async () => {
    if (!user || !role) return;
    setBusy(true);
    try {
      await http.post(`${USERS_URL}invite/`, { users: [user], org_roles: [role] }, inOrg);
      context.notify('success', 'org.members.added');
      setUser(null);
      setVersion((v) => v + 1);
      context.reload();
    } catch {
      // The host shows the server's message.
    } finally {
      setBusy(false);
    }
  };

  const remove = async (member: Member) => {
    setBusy(true);
    try {
      await http.post(`${USERS_URL}${member.id}/remove/`, {}, inOrg);
      context.notify('success', 'org.members.removed');
      setVersion((v) => v + 1);
      context.reload();
    } catch {
      // The host shows the server's message.
    } finally {
      setBusy(false);
    }
  };

  const label = (o: Option) => (o.username ? `${o.name} (${o.username})` : (o.display_name ?? o.name));

  return (
    <div className="flex flex-column gap-4" data-testid="org-members">
      <div className="flex flex-wrap align-items-end gap-2">
        <div className="flex flex-column gap-1">
          <label htmlFor="org-member-user">{t('org.members.user')}</label>
          <Dropdown
            inputId="org-member-user"
            data-testid="org-member-user"
            value={user}
            options={candidates.map((o) => ({ value: o.id, label: label(o) }))}
            onChange={(e) => setUser(e.value as string)}
            filter
            onFilter={(e) => setFilter(e.filter)}
            placeholder={t('org.members.pickUser')}
            className="w-20rem"
          />
        </div>
        <div className="flex flex-column gap-1">
          <label htmlFor="org-member-role">{t('org.members.role')}</label>
          <Dropdown
            inputId="org-member-role"
            data-testid="org-member-role"
            value={role}
            options={roles.map((o) => ({ value: o.id, label: label(o) }))}
            onChange={(e) => setRole(e.value as string)}
            placeholder={t('org.members.pickRole')}
            className="w-16rem"
          />
        </div>
        <Button
          label={t('org.members.add')}
          icon="pi pi-user-plus"
          disabled={!user || !role || busy}
          onClick={() => void add()}
          data-testid="org-member-add"
        />
      </div>
      {members === null ? (
        <i className="pi pi-spin pi-spinner" aria-label={t('form.loading')} />
      ) : (
        <table className="w-full" style={{ borderCollapse: 'collapse' }} data-testid="org-members-table">
          <thead>
            <tr className="text-left">
              <th className="p-2">{t('org.members.name')}</th>
              <th className="p-2">{t('org.members.username')}</th>
              <th className="p-2">{t('org.members.roles')}</th>
              <th className="p-2" />
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id} className="border-top-1 surface-border" data-testid={`org-member-${m.username}`}>
                <td className="p-2">{m.name}</td>
                <td className="p-2">{m.username}</td>
                <td className="p-2">{m.org_roles_display ?? ''}</td>
                <td className="p-2 text-right">
                  <Button
                    label={t('org.members.remove')}
                    severity="danger"
                    text
                    size="small"
                    disabled={busy}
                    onClick={() => void remove(m)}
                    data-testid={`org-member-remove-${m.username}`}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
