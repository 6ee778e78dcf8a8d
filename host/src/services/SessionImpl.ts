import { inject, injectable } from 'inversify';
import { BehaviorSubject, filter, switchMap, timer, type Observable } from 'rxjs';
import {
  EventBus,
  Http,
  LOGOUT_PATH,
  ORG_COOKIE,
  ORG_STORAGE_PREFIX,
  PRE_VIEW_STORAGE_KEY,
  PROFILE_URL,
  csrfCookieName,
  SESSION_CHECK_MS,
  isProfileUrl,
  readCsrfToken,
  type EventBusService,
  type HttpClient,
  type SessionService,
  type UserProfile,
} from '@bastion/sdk';
import { Browser, currentFullPath, type BrowserEnv } from './browser';
import { loginUrl } from './loginUrl';

/**
 * The signed-in session. Also owns the two session side effects of docs/shell.md#start-up-order,
 * docs/http.md#errors-and-what-the-console-shows: the login redirect on a rejected profile call, and the
 * session check 30 s after the last non-profile response.
 */
@injectable()
export class SessionImpl implements SessionService {
  private readonly subject = new BehaviorSubject<UserProfile | null>(null);
  readonly profile$: Observable<UserProfile | null> = this.subject.asObservable();
  private leaving = false;

  constructor(
    @inject(Http) private readonly http: HttpClient,
    @inject(EventBus) bus: EventBusService,
    @inject(Browser) private readonly browser: BrowserEnv,
  ) {
    bus.on('session.login-required').subscribe(() => this.redirectToLogin());
    // A new response restarts the timer (switchMap), so the check runs once activity has been quiet for 30 s;
    // profile responses are excluded or the check would re-arm itself forever.
    bus
      .on('http.response')
      .pipe(
        filter((e) => !isProfileUrl(e.url)),
        switchMap(() => timer(SESSION_CHECK_MS)),
      )
      .subscribe(() => {
        // Failures are already handled by the HTTP layer (401 → login); nothing more to do here.
        this.loadProfile().catch(() => undefined);
      });
  }

  get profile(): UserProfile | null {
    return this.subject.value;
  }

  hasCsrfToken(): boolean {
    return readCsrfToken(this.browser.cookies()) !== null;
  }

  async loadProfile(): Promise<UserProfile> {
    const profile = await this.http.get<UserProfile>(PROFILE_URL, { silent: true });
    this.subject.next(profile);
    return profile;
  }

  /** docs/shell.md#start-up-order: logout clears the token, the app state and the organization. */
  logout(): void {
    this.leaving = true;
    const username = this.profile?.username;
    if (username) this.browser.storage.removeItem(ORG_STORAGE_PREFIX + username);
    this.browser.storage.removeItem(PRE_VIEW_STORAGE_KEY);
    this.browser.setCookie(ORG_COOKIE, '', { path: '/', maxAgeSeconds: 0 });
    this.browser.setCookie(csrfCookieName(this.browser.cookies()), '', { path: '/', maxAgeSeconds: 0 });
    this.subject.next(null);
    this.browser.assign(`${LOGOUT_PATH}?next=${encodeURIComponent(currentFullPath(this.browser))}`);
  }

  redirectToLogin(): void {
    // Several requests may fail with 401 at once; navigate once.
    if (this.leaving) return;
    this.leaving = true;
    this.browser.assign(loginUrl(this.browser.location()));
  }
}
