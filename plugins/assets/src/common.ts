import type { RelationConfig } from '@bastion/sdk';

export const ASSETS_URL = '/api/v1/assets/assets/';
export const NODES_URL = '/api/v1/assets/nodes/';
export const PLATFORMS_URL = '/api/v1/assets/platforms/';
export const LABELS_URL = '/api/v1/assets/labels/';

export const ASSETS_PATH = '/console/assets/assets';
/** "Update more detail" of one asset: its hardware and OS fields. */
export const assetMoreInfoPath = (id: string): string =>
  `${ASSETS_PATH}/detail/${encodeURIComponent(id)}/update`;
export const PLATFORMS_PATH = '/console/assets/platforms';
export const LABELS_PATH = '/console/assets/labels';

/** Protocols an asset may speak (docs/resources.md#assets), with their usual ports for a new row. */
export const PROTOCOL_PORTS: Readonly<Record<string, number>> = { ssh: 22, rdp: 3389, telnet: 23, vnc: 5900 };

export const NODE_SELECT: RelationConfig = {
  url: NODES_URL,
  multiple: true,
  label: (r) => String(r.full_value ?? r.value ?? r.id),
  params: { order: 'value' },
};
export const LABEL_SELECT: RelationConfig = {
  url: LABELS_URL,
  multiple: true,
  label: (r) => `${String(r.name ?? '')}:${String(r.value ?? '')}`,
};
/** Assets name their platform by name, not by id (v2.21 `platform` is a slug field). */
export const PLATFORM_SELECT: RelationConfig = {
  url: PLATFORMS_URL,
  label: (r) => String(r.name ?? ''),
  value: (r) => String(r.name ?? ''),
};
export const ASSET_SELECT: RelationConfig = {
  url: ASSETS_URL,
  multiple: true,
  label: (r) => `${String(r.hostname ?? '')}(${String(r.ip ?? '')})`,
  params: { fields_size: 'mini' },
};

export const DOMAINS_URL = '/api/v1/assets/domains/';
export const GATEWAYS_URL = '/api/v1/assets/gateways/';
export const SYSTEM_USERS_URL = '/api/v1/assets/system-users/';
export const ADMIN_USERS_URL = '/api/v1/assets/admin-users/';
export const CMD_FILTERS_URL = '/api/v1/assets/cmd-filters/';
/** Rules live under their filter (`cmd-filters/{id}/rules/`). */
export const cmdFilterRulesUrl = (filter: string): string => `${CMD_FILTERS_URL}${filter}/rules/`;

export const DOMAINS_PATH = '/console/assets/domains';
export const GATEWAYS_PATH = '/console/assets/gateways';
export const SYSTEM_USERS_PATH = '/console/assets/system-users';
export const CMD_FILTERS_PATH = '/console/assets/cmd-filters';

export const ACCOUNTS_URL = '/api/v1/assets/accounts/';
/** The same rows with their secrets, behind the MFA gate (docs/accounts.md#secrets-behind-mfa). */
export const ACCOUNT_SECRETS_URL = '/api/v1/assets/account-secrets/';
export const GATHERED_USERS_URL = '/api/v1/assets/gathered-users/';
export const ACCOUNTS_PATH = '/console/accounts/authbook';
export const GATHERED_USERS_PATH = '/console/accounts/gathered-user';
export const CMD_FILTER_RULES_PATH = '/console/assets/command-filter-rules';

export const DOMAIN_SELECT: RelationConfig = { url: DOMAINS_URL, label: (r) => String(r.name ?? '') };
export const CMD_FILTER_SELECT: RelationConfig = {
  url: CMD_FILTERS_URL,
  multiple: true,
  label: (r) => String(r.name ?? ''),
};
export const SYSTEM_USER_SELECT: RelationConfig = {
  url: SYSTEM_USERS_URL,
  multiple: true,
  label: (r) => `${String(r.name ?? '')}(${String(r.username ?? '')})`,
  params: { fields_size: 'mini' },
};
export const USER_SELECT: RelationConfig = {
  url: '/api/v1/users/users/',
  multiple: true,
  label: (r) => `${String(r.name ?? '')}(${String(r.username ?? '')})`,
  params: { fields_size: 'mini' },
};
/** An asset's admin user: the system users of type admin (the admin-users view). */
export const ADMIN_USER_SELECT: RelationConfig = {
  url: ADMIN_USERS_URL,
  label: (r) => `${String(r.name ?? '')}(${String(r.username ?? '')})`,
};
