/** The answer of a test under a settings form (mail test, LDAP tests): green or red, the server's own words. */
export type Outcome = { ok: boolean; text: string } | null;

export function InlineResult({ outcome, testId }: { outcome: Outcome; testId: string }) {
  if (!outcome) return null;
  return (
    <div
      role="status"
      data-testid={testId}
      className={`p-inline-message ${outcome.ok ? 'p-inline-message-success' : 'p-inline-message-error'}`}
      style={{ overflowWrap: 'anywhere' }}
    >
      {outcome.text}
    </div>
  );
}
