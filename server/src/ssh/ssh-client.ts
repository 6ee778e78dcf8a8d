import crypto from 'node:crypto';
import type { Duplex } from 'node:stream';
import ssh2 from 'ssh2';
import type { Language } from '../engine/declaration';
import { sshMessage } from './messages';

/**
 * The one SSH client of the server (ssh2): log in to a host with a password or a private key (and its
 * passphrase), directly or through a gateway (a TCP channel opened by the gateway, `forwardOut`), run
 * commands with a time-out each, and classify every failure per host. Rules: docs/ssh.md.
 */

export interface SshCredentials {
  username: string;
  password?: string;
  privateKey?: string;
  passphrase?: string;
}

export interface SshEndpoint extends SshCredentials {
  host: string;
  port: number;
  /** `SHA256:…` fingerprint the host key must have; a different key is refused (host key changed). */
  hostKey?: string | null;
  /** Shown in messages instead of host:port (an asset's or gateway's name). */
  name?: string;
  /**
   * Called with the key seen on a login when no `hostKey` was given: the caller remembers the first key it
   * meets (trust on first use) and passes it as `hostKey` from then on.
   */
  rememberHostKey?: (fingerprint: string) => Promise<void>;
}

export interface SshTarget extends SshEndpoint {
  /** The gateway the target is reached through. */
  gateway?: SshEndpoint | null;
}

export const SSH_LIMITS = {
  /** From the TCP connect to a logged-in session, per hop. */
  connectTimeoutMs: 10_000,
  /** One command, from its start to its exit. */
  commandTimeoutMs: 30_000,
  /** Output kept per stream of one command (the rest is dropped): a runaway command cannot fill memory. */
  maxOutputBytes: 1 << 20,
};

export type SshFailureKind =
  | 'auth_failed'
  | 'host_key_changed'
  | 'timeout'
  | 'command_timeout'
  | 'unreachable'
  | 'cancelled'
  | 'protocol';

/** A per-host failure with what the message needs; `message(language)` is the user's text. */
export class SshFailure extends Error {
  constructor(
    readonly kind: SshFailureKind,
    readonly detail: Record<string, string | number>,
    /** Set when the failure happened on the gateway rather than on the target. */
    readonly gateway: string | null = null,
  ) {
    super(`${kind}${gateway ? ` (gateway ${gateway})` : ''}: ${JSON.stringify(detail)}`);
    this.name = 'SshFailure';
  }

  text(language: Language): string {
    const reason = reasonText(this.kind, this.detail, language);
    return this.gateway ? sshMessage('viaGateway', language, { gateway: this.gateway, reason }) : reason;
  }
}

function reasonText(
  kind: SshFailureKind,
  detail: Record<string, string | number>,
  language: Language,
): string {
  switch (kind) {
    case 'auth_failed':
      return sshMessage('authFailed', language);
    case 'host_key_changed':
      return sshMessage('hostKeyChanged', language, detail);
    case 'timeout':
      return sshMessage('connectTimeout', language, detail);
    case 'command_timeout':
      return sshMessage('commandTimeout', language, detail);
    case 'unreachable':
      return sshMessage('unreachable', language, detail);
    case 'cancelled':
      return sshMessage('cancelled', language);
    default:
      return sshMessage('protocolError', language, detail);
  }
}

/** OpenSSH's form of a host key fingerprint: `SHA256:<base64 without padding>`. */
export function hostKeyFingerprint(key: Buffer): string {
  return `SHA256:${crypto.createHash('sha256').update(key).digest('base64').replace(/=+$/, '')}`;
}

const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNRESET',
  'EADDRNOTAVAIL',
]);

interface ClientError extends Error {
  level?: string;
  code?: string | number;
  reason?: number;
}

function classify(error: ClientError, timeoutMs: number, keyRefused: string | null): SshFailure {
  if (keyRefused !== null) return new SshFailure('host_key_changed', JSON.parse(keyRefused));
  if (error instanceof SshFailure) return error;
  if (error.level === 'client-authentication') return new SshFailure('auth_failed', {});
  if (error.level === 'client-timeout' || error.code === 'ETIMEDOUT')
    return new SshFailure('timeout', { seconds: Math.round(timeoutMs / 1000) });
  if (typeof error.code === 'string' && UNREACHABLE_CODES.has(error.code))
    return new SshFailure('unreachable', { detail: error.code });
  return new SshFailure('protocol', { detail: error.message });
}

export interface CommandResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

export interface SshSession {
  /** The target's host key fingerprint as seen on this connection. */
  hostKey: string;
  /** The gateway's, when there is one. */
  gatewayHostKey: string | null;
  /** Runs a command; rejects with SshFailure('command_timeout') when it outlives `timeoutMs`. */
  exec(command: string, options?: { timeoutMs?: number; stdin?: string }): Promise<CommandResult>;
  end(): void;
}

interface Hop {
  client: ssh2.Client;
  hostKey: string;
}

/** One hop: logs in to `endpoint` over `sock` (a gateway's channel) or a new TCP connection. */
function connectHop(
  endpoint: SshEndpoint,
  sock: Duplex | undefined,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<Hop> {
  return new Promise((resolve, reject) => {
    const client = new ssh2.Client();
    let seenKey = '';
    let keyRefused: string | null = null;
    let settled = false;
    const finish = (error: ClientError | null): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
      if (error === null) {
        resolve({ client, hostKey: seenKey });
        return;
      }
      client.end();
      reject(classify(error, timeoutMs, keyRefused));
    };
    const onAbort = (): void => finish(new SshFailure('cancelled', {}));
    // ssh2's readyTimeout starts at the handshake; this one also bounds the TCP connect and name lookup.
    const timer = setTimeout(
      () => finish(new SshFailure('timeout', { seconds: Math.round(timeoutMs / 1000) })),
      timeoutMs,
    );
    signal?.addEventListener('abort', onAbort, { once: true });
    if (signal?.aborted) {
      onAbort();
      return;
    }
    client.on('ready', () => finish(null));
    client.on('error', (error: ClientError) => finish(error));
    client.on('close', () => finish(new SshFailure('unreachable', { detail: 'connection closed' })));
    client.connect({
      host: endpoint.host,
      port: endpoint.port,
      sock,
      username: endpoint.username,
      password: endpoint.password || undefined,
      privateKey: endpoint.privateKey || undefined,
      passphrase: endpoint.passphrase || undefined,
      readyTimeout: timeoutMs,
      // Only what was given: no agent, no keyboard-interactive prompts nobody can answer.
      tryKeyboard: false,
      hostVerifier: (key: Buffer) => {
        seenKey = hostKeyFingerprint(key);
        if (endpoint.hostKey && endpoint.hostKey !== seenKey) {
          keyRefused = JSON.stringify({ expected: endpoint.hostKey, actual: seenKey });
          return false;
        }
        return true;
      },
    });
  });
}

function forwardOut(gateway: ssh2.Client, host: string, port: number, timeoutMs: number): Promise<Duplex> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new SshFailure('timeout', { seconds: Math.round(timeoutMs / 1000) })),
      timeoutMs,
    );
    gateway.forwardOut('127.0.0.1', 0, host, port, (error, channel) => {
      clearTimeout(timer);
      // The gateway could not open the TCP connection to the target: the target is unreachable from it.
      if (error) reject(new SshFailure('unreachable', { detail: error.message }));
      else resolve(channel);
    });
  });
}

const nameOf = (endpoint: SshEndpoint): string => endpoint.name || `${endpoint.host}:${endpoint.port}`;

/**
 * Logs in to `target` (through its gateway when it has one). Rejects with an SshFailure; a failure on the
 * gateway names the gateway. Never waits longer than the connect time-out per hop.
 */
export async function openSsh(
  target: SshTarget,
  options: { connectTimeoutMs?: number; signal?: AbortSignal } = {},
): Promise<SshSession> {
  const timeoutMs = options.connectTimeoutMs ?? SSH_LIMITS.connectTimeoutMs;
  let gateway: Hop | null = null;
  let sock: Duplex | undefined;
  if (target.gateway) {
    const via = target.gateway;
    try {
      gateway = await connectHop(via, undefined, timeoutMs, options.signal);
    } catch (error) {
      const failure = error as SshFailure;
      throw new SshFailure(failure.kind, failure.detail, nameOf(via));
    }
    try {
      sock = await forwardOut(gateway.client, target.host, target.port, timeoutMs);
    } catch (error) {
      gateway.client.end();
      throw error;
    }
  }
  let hop: Hop;
  try {
    hop = await connectHop(target, sock, timeoutMs, options.signal);
  } catch (error) {
    gateway?.client.end();
    throw error;
  }
  if (!target.hostKey && target.rememberHostKey) await target.rememberHostKey(hop.hostKey);
  const session: SshSession = {
    hostKey: hop.hostKey,
    gatewayHostKey: gateway?.hostKey ?? null,
    exec: (command, execOptions = {}) =>
      execCommand(
        hop.client,
        command,
        execOptions.timeoutMs ?? SSH_LIMITS.commandTimeoutMs,
        execOptions.stdin,
      ),
    end() {
      hop.client.end();
      gateway?.client.end();
    },
  };
  return session;
}

function execCommand(
  client: ssh2.Client,
  command: string,
  timeoutMs: number,
  stdin: string | undefined,
): Promise<CommandResult> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const timer = setTimeout(() => {
      if (settled) return;
      settled = true;
      // Ask the host to stop it, and drop the channel whatever the host does.
      current?.signal('KILL');
      current?.close();
      reject(new SshFailure('command_timeout', { seconds: Math.round(timeoutMs / 1000) }));
    }, timeoutMs);
    let current: ssh2.ClientChannel | null = null;
    client.exec(command, (error, channel) => {
      if (error) {
        clearTimeout(timer);
        if (!settled) reject(new SshFailure('protocol', { detail: error.message }));
        settled = true;
        return;
      }
      current = channel;
      const out: Buffer[] = [];
      const err: Buffer[] = [];
      let outBytes = 0;
      let errBytes = 0;
      channel.on('data', (chunk: Buffer) => {
        if (outBytes < SSH_LIMITS.maxOutputBytes) out.push(chunk);
        outBytes += chunk.length;
      });
      channel.stderr.on('data', (chunk: Buffer) => {
        if (errBytes < SSH_LIMITS.maxOutputBytes) err.push(chunk);
        errBytes += chunk.length;
      });
      channel.on('close', (code: number | null) => {
        clearTimeout(timer);
        if (settled) return;
        settled = true;
        resolve({
          code: typeof code === 'number' ? code : null,
          stdout: Buffer.concat(out).toString('utf8'),
          stderr: Buffer.concat(err).toString('utf8'),
        });
      });
      if (stdin !== undefined) channel.end(stdin);
      else channel.end();
    });
  });
}

/** Logs in, runs `work`, always logs out. */
export async function withSsh<T>(
  target: SshTarget,
  work: (session: SshSession) => Promise<T>,
  options: { connectTimeoutMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const session = await openSsh(target, options);
  try {
    return await work(session);
  } finally {
    session.end();
  }
}

/** The failure of any error thrown by this module's functions (anything else is a protocol error). */
export function sshFailureOf(error: unknown): SshFailure {
  return error instanceof SshFailure
    ? error
    : new SshFailure('protocol', { detail: error instanceof Error ? error.message : String(error) });
}
