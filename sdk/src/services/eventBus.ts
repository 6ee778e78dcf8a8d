import type { Observable } from 'rxjs';
import type { HttpError } from '../http/HttpError';
import type { Organization } from './org';

/**
 * Everything the services tell the shell. A closed union, so a subscriber narrows on `type` without casts.
 */
export type BastionEvent =
  /** A failed request the user should hear about (toast); `silent` requests never publish this. */
  | { type: 'http.error'; error: HttpError }
  /** Every completed response, for the 30 s session check (docs/http.md#requests-the-console-sends). */
  | { type: 'http.response'; url: string; status: number }
  /**
   * 401 outside the profile call: the 'Info' re-login dialog
   * (docs/http.md#errors-and-what-the-console-shows).
   */
  | { type: 'session.expired' }
  /** 401/403 on the profile call: go to the login page at once (docs/shell.md#start-up-order). */
  | { type: 'session.login-required' }
  | { type: 'org.changed'; org: Organization }
  /** A message for the user as a toast (e.g. "connecting the websocket failed"); `detail` is final text. */
  | { type: 'toast'; severity: 'success' | 'info' | 'warn' | 'error'; detail: string; summary?: string };

export type BastionEventType = BastionEvent['type'];
export type BastionEventOf<K extends BastionEventType> = Extract<BastionEvent, { type: K }>;

export interface EventBusService {
  readonly events$: Observable<BastionEvent>;
  publish(event: BastionEvent): void;
  on<K extends BastionEventType>(type: K): Observable<BastionEventOf<K>>;
}
