/** Resource names of the terminal area (also their permission models: `terminal.view_session`, …). */
export const TERMINAL_TERMINAL = 'terminal.terminal';
export const TERMINAL_STATUS = 'terminal.status';
export const TERMINAL_SESSION = 'terminal.session';
export const TERMINAL_COMMAND = 'terminal.command';
export const TERMINAL_TASK = 'terminal.task';

/** The tables behind them (docs/terminal.md). */
export const TERMINAL_TABLES = {
  terminal: 'terminal_terminal',
  status: 'terminal_status',
  session: 'terminal_session',
  command: 'terminal_command',
  task: 'terminal_task',
} as const;

/** The one command storage of the local kind: commands live in this server's database. */
export const DEFAULT_COMMAND_STORAGE = {
  id: '00000000-0000-0000-0000-00000000c0de',
  name: 'default',
  type: 'server',
} as const;

/** The one replay storage of the local kind: files under `<data dir>/replays`. */
export const DEFAULT_REPLAY_STORAGE = { name: 'default', type: 'server' } as const;
