import type { HttpClient } from '@bastion/sdk';

/** The terminal-component API the audit pages read (docs/terminal.md). */
export const SESSIONS_URL = '/api/v1/terminal/sessions/';
export const COMMANDS_URL = '/api/v1/terminal/commands/';
export const JOIN_RECORDS_URL = '/api/v1/terminal/session-join-records/';
export const KILL_SESSION_URL = '/api/v1/terminal/tasks/kill-session/';
export const COMMAND_STORAGE_TREE_URL = '/api/v1/terminal/command-storages/tree/';

export const SESSIONS_PATH = '/audit/sessions/sessions';
export const COMMANDS_PATH = '/audit/sessions/command';

export const sessionPath = (id: string): string => `${SESSIONS_PATH}/${encodeURIComponent(id)}`;
export const replayInfoUrl = (id: string): string => `${SESSIONS_URL}${id}/replay/`;
export const replayDownloadUrl = (id: string): string => `${SESSIONS_URL}${id}/replay/download/`;
/** The component's monitor page, where v2.21 sends a monitor (the web terminal serves it). */
export const monitorUrl = (id: string): string => `/luna/monitor/${encodeURIComponent(id)}`;

export interface SessionRow {
  id: string;
  user: string;
  asset: string;
  system_user: string;
  protocol: string;
  is_finished: boolean;
  can_replay: boolean;
  can_join: boolean;
  can_terminate: boolean;
  date_start: string;
  date_end: string | null;
  [key: string]: unknown;
}

/** The browser saves the tar the server answers (no page navigation, the session cookie is sent). */
export function downloadReplay(id: string): void {
  const link = document.createElement('a');
  link.href = replayDownloadUrl(id);
  link.download = `${id}.tar`;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Asks the carrying component to end the sessions (a queued task; the component finishes them). */
export async function terminate(http: HttpClient, ids: readonly string[]): Promise<string[]> {
  const answer = await http.post<{ ok: string[] }>(KILL_SESSION_URL, ids);
  return answer.ok;
}
