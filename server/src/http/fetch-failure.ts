/**
 * Why a `fetch` to another server failed, in its own words for a message naming that server: "no answer
 * within N s" for the time-out, else the network error's cause (ECONNREFUSED, a TLS error…).
 */
export function fetchFailureReason(error: unknown, timeoutMs: number): string {
  if (error instanceof Error && error.name === 'TimeoutError')
    return `no answer within ${timeoutMs / 1000} s`;
  const cause = (error as { cause?: unknown }).cause;
  return cause instanceof Error ? cause.message : String(error);
}
