// What the workbench decides about one granted asset (pure, so the page and its cells agree).

/** A row of `GET /api/v1/perms/users/assets/`. */
export interface GrantedAsset {
  id: string;
  hostname?: string;
  ip?: string;
  platform?: string;
  protocols?: unknown;
  is_active?: boolean;
  comment?: string;
  org_id?: string;
  org_name?: string;
  actions?: unknown;
  [field: string]: unknown;
}

/** The action names a permission granted on the asset (docs/resources.md#asset-permissions), as sent. */
export function grantedActions(asset: Pick<GrantedAsset, 'actions'>): string[] {
  return Array.isArray(asset.actions) ? asset.actions.map(String) : [];
}

/**
 * The actions worth showing as tags: "all" alone says everything (the server also lists every name it
 * covers), otherwise every granted name in the server's order.
 */
export function actionTags(asset: Pick<GrantedAsset, 'actions'>): string[] {
  const names = grantedActions(asset);
  return names.includes('all') ? ['all'] : names;
}

export function isInactive(asset: Pick<GrantedAsset, 'is_active'>): boolean {
  return asset.is_active === false;
}

/** Connect is offered for an active asset whose grants include connecting. */
export function canConnect(asset: Pick<GrantedAsset, 'is_active' | 'actions'>): boolean {
  const names = grantedActions(asset);
  return !isInactive(asset) && (names.includes('connect') || names.includes('all'));
}

/** Protocols as sent (`["ssh/22"]`), as a list of texts. */
export function protocolTexts(value: unknown): string[] {
  if (!Array.isArray(value)) return typeof value === 'string' && value ? [value] : [];
  return value.map((p) =>
    p && typeof p === 'object' && 'name' in p
      ? `${String((p as { name: unknown }).name)}/${String((p as { port?: unknown }).port ?? '')}`
      : String(p),
  );
}
