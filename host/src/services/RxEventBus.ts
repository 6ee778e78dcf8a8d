import { injectable } from 'inversify';
import { Subject, filter, type Observable } from 'rxjs';
import type { BastionEvent, BastionEventOf, BastionEventType, EventBusService } from '@bastion/sdk';

/** One rxjs Subject for the whole console; typed narrowing by `type`. */
@injectable()
export class RxEventBus implements EventBusService {
  private readonly subject = new Subject<BastionEvent>();
  readonly events$: Observable<BastionEvent> = this.subject.asObservable();

  publish(event: BastionEvent): void {
    this.subject.next(event);
  }

  on<K extends BastionEventType>(type: K): Observable<BastionEventOf<K>> {
    return this.events$.pipe(filter((e): e is BastionEventOf<K> => e.type === type));
  }
}
