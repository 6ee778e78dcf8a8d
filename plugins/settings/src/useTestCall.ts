import { useState } from 'react';
import { Http, useService } from '@bastion/sdk';
import type { Outcome } from './InlineResult';
import { readAnswer, readFailure } from './ldapAnswers';

/**
 * One test call under a settings form (the mail test, the LDAP tests, the RADIUS test): posted without the
 * automatic error popup, its answer — the server's own words, or `fallback` when none came — kept as the
 * outcome shown beside it.
 */
export function useTestCall(fallback: string) {
  const http = useService(Http);
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const run = async (url: string, body: unknown): Promise<void> => {
    setBusy(true);
    setOutcome(null);
    try {
      setOutcome({ ok: true, text: readAnswer(await http.post(url, body, { silent: true })).text });
    } catch (error) {
      setOutcome({ ok: false, text: readFailure(error, fallback).text });
    } finally {
      setBusy(false);
    }
  };
  return { busy, outcome, run, reset: () => setOutcome(null) };
}
