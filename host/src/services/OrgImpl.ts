import { inject, injectable } from 'inversify';
import { BehaviorSubject, type Observable } from 'rxjs';
import {
  EventBus,
  ORG_COOKIE,
  ORG_STORAGE_PREFIX,
  ORG_SWITCH_RELOAD_MS,
  Session,
  orgsOfView,
  readCookie,
  type ConsoleView,
  type EventBusService,
  type OrgService,
  type Organization,
  type SessionService,
} from '@bastion/sdk';
import { Browser, type BrowserEnv } from './browser';

/**
 * The current organization (docs/organizations.md#in-the-console): remembered per username in local storage
 * (`jms_current_org_<username>`) and in the `X-JMS-ORG` cookie. Before the profile is known the cookie alone
 * says which organization the first requests run in.
 */
@injectable()
export class OrgImpl implements OrgService {
  private readonly subject: BehaviorSubject<Organization | null>;
  readonly current$: Observable<Organization | null>;

  constructor(
    @inject(Session) private readonly session: SessionService,
    @inject(EventBus) private readonly bus: EventBusService,
    @inject(Browser) private readonly browser: BrowserEnv,
  ) {
    const fromCookie = readCookie(browser.cookies(), ORG_COOKIE);
    this.subject = new BehaviorSubject<Organization | null>(fromCookie ? { id: fromCookie, name: '' } : null);
    this.current$ = this.subject.asObservable();
  }

  get current(): Organization | null {
    return this.subject.value;
  }

  orgsForView(view: ConsoleView | null): Organization[] {
    const profile = this.session.profile;
    return profile ? [...orgsOfView(profile, view)] : [];
  }

  /** The organization this user chose last time, if any. */
  remembered(username: string): Organization | null {
    const raw = this.browser.storage.getItem(ORG_STORAGE_PREFIX + username);
    if (!raw) return null;
    try {
      const value: unknown = JSON.parse(raw);
      if (value && typeof value === 'object' && typeof (value as Organization).id === 'string') {
        return value as Organization;
      }
    } catch {
      // A hand-edited or legacy value: fall through to the org check's fallback.
    }
    return null;
  }

  setCurrent(org: Organization): void {
    const username = this.session.profile?.username;
    if (username) this.browser.storage.setItem(ORG_STORAGE_PREFIX + username, JSON.stringify(org));
    this.browser.setCookie(ORG_COOKIE, org.id, { path: '/' });
    const changed = this.subject.value?.id !== org.id;
    this.subject.next(org);
    if (changed) this.bus.publish({ type: 'org.changed', org });
  }

  switchTo(org: Organization): void {
    this.setCurrent(org);
    const { pathname, search, hash } = this.browser.location();
    const query = new URLSearchParams(search);
    // docs/organizations.md#in-the-console: with an organization in the query, strip it (it would win over
    // the new choice); else reload.
    this.browser.setTimeout(() => {
      if (query.has('oid')) {
        query.delete('oid');
        const rest = query.toString();
        this.browser.assign(`${pathname}${rest ? `?${rest}` : ''}${hash}`);
      } else {
        this.browser.reload();
      }
    }, ORG_SWITCH_RELOAD_MS);
  }
}
