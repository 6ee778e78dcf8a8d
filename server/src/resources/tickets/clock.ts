let last = 0;

/**
 * Now in epoch ms, strictly later than every earlier call in this process. Tickets and comments are
 * listed by `date_created`; two written in one millisecond (an open and its "open" comment, the seeds)
 * would otherwise fall back to the random id as tie-breaker and show in a random order.
 */
export function orderedNow(): number {
  last = Math.max(Date.now(), last + 1);
  return last;
}
