/** Resource names of the terminal area (also their permission models: `terminal.view_session`, …). */
export const TERMINAL_TERMINAL = 'terminal.terminal';
export const TERMINAL_STATUS = 'terminal.status';
export const TERMINAL_SESSION = 'terminal.session';
export const TERMINAL_COMMAND = 'terminal.command';
export const TERMINAL_TASK = 'terminal.task';
export const TERMINAL_REPLAY_STORAGE = 'terminal.replaystorage';
export const TERMINAL_COMMAND_STORAGE = 'terminal.commandstorage';
export const TERMINAL_ENDPOINT = 'terminal.endpoint';
export const TERMINAL_SESSION_SHARING = 'terminal.sessionsharing';
export const TERMINAL_SESSION_JOIN_RECORD = 'terminal.sessionjoinrecord';
export const TERMINAL_ENDPOINT_RULE = 'terminal.endpointrule';

/** The tables behind them (docs/terminal.md). */
export const TERMINAL_TABLES = {
  terminal: 'terminal_terminal',
  status: 'terminal_status',
  session: 'terminal_session',
  command: 'terminal_command',
  task: 'terminal_task',
  replayStorage: 'terminal_replaystorage',
  commandStorage: 'terminal_commandstorage',
  endpoint: 'terminal_endpoint',
  endpointRule: 'terminal_endpointrule',
  sessionSharing: 'terminal_sessionsharing',
  sessionJoinRecord: 'terminal_sessionjoinrecord',
} as const;

/** The one command storage of the local kind: commands live in this server's database. */
export const DEFAULT_COMMAND_STORAGE = {
  id: '00000000-0000-0000-0000-00000000c0de',
  name: 'default',
  type: 'server',
} as const;

/** The storage kind whose commands live in this server's database (the only kind listed here). */
export const LOCAL_COMMAND_STORAGE_TYPE = DEFAULT_COMMAND_STORAGE.type;

/** The one replay storage of the local kind: files under `<data dir>/replays`. */
export const DEFAULT_REPLAY_STORAGE = {
  id: '00000000-0000-0000-0000-00000000ca57',
  name: 'default',
  type: 'server',
} as const;

/** The endpoint used when no rule matches; its blank host means "the host the user reached" (v2.21's id). */
export const DEFAULT_ENDPOINT = { id: '00000000-0000-0000-0000-000000000001', name: 'Default' } as const;
