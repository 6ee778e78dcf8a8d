/** Fixed organization ids (docs/organizations.md#ids). */
export const ROOT_ORG_ID = '00000000-0000-0000-0000-000000000000';
export const DEFAULT_ORG_ID = '00000000-0000-0000-0000-000000000002';
export const DEFAULT_ORG_NAME = 'Default';
/** Display name of the virtual Root org (GLOBAL_ORG_DISPLAY_NAME in v2.21). */
export const ROOT_ORG_NAME = 'GLOBAL';

export interface OrgSummary {
  id: string;
  name: string;
  is_default: boolean;
  is_root: boolean;
}
