import { useEffect, useState } from 'react';
import { isHttpError } from '../http/HttpError';
import type { HttpClient } from '../services/http';

/** Why an object could not be shown: gone (404, say "not found" in the page's words) or another failure. */
export interface RemoteObjectFailure {
  notFound: boolean;
  message: string;
}

export interface RemoteObject<O> {
  /** Null while loading (and after a failure). */
  object: O | null;
  failure: RemoteObjectFailure | null;
}

/**
 * One object read from `url` for a detail page, again whenever `reloadKey` changes (after an action). The
 * request is silent: the page shows the failure in place instead of the shell's toast.
 */
export function useRemoteObject<O>(http: HttpClient, url: string, reloadKey: unknown): RemoteObject<O> {
  const [state, setState] = useState<RemoteObject<O>>({ object: null, failure: null });
  useEffect(() => {
    let alive = true;
    http
      .get<O>(url, { silent: true })
      .then((object) => alive && setState({ object, failure: null }))
      .catch((error: unknown) => {
        if (!alive) return;
        const notFound = isHttpError(error) && error.status === 404;
        const message = error instanceof Error ? error.message : String(error);
        setState({ object: null, failure: { notFound, message } });
      });
    return () => {
      alive = false;
    };
  }, [http, url, reloadKey]);
  return state;
}
