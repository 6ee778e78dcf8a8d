import type { Observable } from 'rxjs';
import type { HttpError } from '../http/HttpError';
import type { Organization } from './org';

/**
 * Everything the services tell the shell. A closed union, so a subscriber narrows on `type` without casts.
 */
export type BastionEvent =
  /** A failed request the user should hear about (toast); `silent` requests never publish this. */
  | { type: 'http.error'; error: HttpError }
  /** Every completed response, for the 30 s session check (spec §7). */
  | { type: 'http.response'; url: string; status: number }
  /** 401 outside the profile call: the 'Info' re-login dialog (spec §8). */
  | { type: 'session.expired' }
  /** 401/403 on the profile call: go to the login page at once (spec §6). */
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
