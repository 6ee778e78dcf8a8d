import type { Observable } from 'rxjs';
import type { OrgRef } from './session';
import type { ConsoleView } from '../rules/views';

export type Organization = OrgRef;

/**
 * The current organization (docs/organizations.md#in-the-console): remembered per user in local storage and
 * in the X-JMS-ORG cookie.
 */
export interface OrgService {
  readonly current: Organization | null;
  readonly current$: Observable<Organization | null>;
  /** Organizations offered in a view (console/tickets → console_orgs, audit → audit_orgs, …). */
  orgsForView(view: ConsoleView | null): Organization[];
  /** Make `org` current and remember it; does not reload. */
  setCurrent(org: Organization): void;
  /** Switch the organization as the user does it: remember, then reload after 400 ms. */
  switchTo(org: Organization): void;
}
