import { useState } from 'react';
import { Http, isHttpError, useService } from '@bastion/sdk';
import type { Outcome } from './InlineResult';

type Answer = { msg?: string; error?: string };

/**
 * A test under a settings form (the mail test, an IM or SMS provider's test): posts without the automatic
 * error popup and keeps the server's own words, `{msg}` or `{error}`, as the outcome to show.
 */
export function useTestCall(url: string, fallback: string) {
  const http = useService(Http);
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<Outcome>(null);

  const run = async (body: unknown) => {
    setRunning(true);
    setResult(null);
    try {
      const answer = await http.post<Answer>(url, body, { silent: true });
      setResult({ ok: true, text: answer.msg ?? '' });
    } catch (error) {
      const data = isHttpError(error) ? (error.data as Answer | null) : null;
      setResult({ ok: false, text: data?.error ?? fallback });
    } finally {
      setRunning(false);
    }
  };
  return { running, result, run };
}
