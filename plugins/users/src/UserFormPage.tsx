import {
  FormPage,
  PublicSettings,
  ROOT_ORG_ID,
  useCan,
  useOrg,
  useService,
  type FieldOverride,
} from '@bastion/sdk';
import { GROUP_SELECT, ORG_USER_ROLE_ID, USERS_PATH, USERS_URL, USER_ROLE_ID, roleSelect } from './common';

const ACCOUNT: [string, string[]] = ['users.group.account', ['name', 'username', 'email', 'groups']];
const OTHER: [string, string[]] = ['users.group.other', ['phone', 'wechat', 'comment']];
const SECURE: [string, string[]] = ['users.group.secure', ['system_roles', 'org_roles', 'date_expired']];

/** Users create/update form: password strategy, roles, MFA level (docs/resources.md#users). */
export default function UserFormPage() {
  const licensed = useService(PublicSettings).licensed;
  const root = useOrg()?.id === ROOT_ORG_ID;
  const systemRoles = useCan('rbac.add_systemrolebinding');
  const orgRoles = useCan('rbac.add_orgrolebinding') && licensed && !root;
  const hideOrgRoles = () => !orgRoles;
  const fieldsMeta: Record<string, FieldOverride> = {
    groups: { relation: GROUP_SELECT },
    system_roles: { relation: roleSelect('system'), hidden: () => !systemRoles },
    org_roles: { relation: roleSelect('org'), hidden: hideOrgRoles, required: orgRoles },
    update_password: { widget: 'checkbox', label: 'users.field.updatePassword' },
    // Create: only for the "custom" strategy; update: only when "update password" is ticked.
    password: {
      hidden: (v) => ('password_strategy' in v ? v.password_strategy !== 'custom' : !v.update_password),
    },
    set_public_key: { widget: 'checkbox', label: 'users.field.setPublicKey' },
    public_key: { hidden: (v) => !v.set_public_key },
  };
  const auth = (first: string): [string, string[]] => [
    'users.group.auth',
    [first, 'password', 'need_update_password', 'set_public_key', 'public_key', 'mfa_level', 'source'],
  ];
  return (
    <FormPage
      url={USERS_URL}
      basePath={USERS_PATH}
      testId="user-form"
      fields={[ACCOUNT, auth('password_strategy'), SECURE, OTHER]}
      updateFields={[ACCOUNT, auth('update_password'), SECURE, OTHER]}
      fieldsMeta={fieldsMeta}
      initial={{
        system_roles: [USER_ROLE_ID],
        org_roles: orgRoles ? [ORG_USER_ROLE_ID] : [],
        password_strategy: 'email',
      }}
      transform={(values) => {
        const body = { ...values };
        delete body.update_password;
        delete body.set_public_key;
        if (!systemRoles) delete body.system_roles;
        if (!orgRoles) delete body.org_roles;
        return body;
      }}
    />
  );
}
