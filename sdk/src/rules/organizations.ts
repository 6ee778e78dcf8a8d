import { DEFAULT_ORG_ID } from '../constants';
import type { OrgRef } from '../services/session';

/**
 * X-JMS-ORG for a request (docs/organizations.md#in-the-console): the `oid` query parameter, else the current
 * org, else the default org when the enterprise edition is off; otherwise no header (the server picks).
 */
export function resolveOrgHeader(input: {
  oidQuery?: string | null;
  currentOrgId?: string | null;
  xpackEnabled: boolean;
}): string | undefined {
  if (input.oidQuery) return input.oidQuery;
  if (input.currentOrgId) return input.currentOrgId;
  return input.xpackEnabled ? undefined : DEFAULT_ORG_ID;
}

/** The built-in default organization, used when the profile lists none (open-source edition). */
export const DEFAULT_ORG: Readonly<OrgRef> = Object.freeze({
  id: DEFAULT_ORG_ID,
  name: 'Default',
  is_default: true,
});

/**
 * Organization check at start-up (docs/organizations.md#in-the-console): without a valid licence everyone
 * works in the default org; with one, keep the wanted org if the user may use it, else fall back to the
 * default entry of the list, else its first entry. Returns null when the user has no organization at all in
 * this view.
 */
export function chooseOrganization(input: {
  wanted?: string | null;
  available: readonly OrgRef[];
  licensed: boolean;
}): OrgRef | null {
  const usable = input.available.filter((o) => !o.disabled);
  if (!input.licensed) return usable.find((o) => o.id === DEFAULT_ORG_ID) ?? DEFAULT_ORG;
  return usable.find((o) => o.id === input.wanted) ?? usable.find((o) => o.is_default) ?? usable[0] ?? null;
}
