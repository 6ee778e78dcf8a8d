// Starts the built server (dist/server/main.js) as its own process on a free loopback port with a fresh
// data directory — what `npm start` runs, without the build step — and runs its commands.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WAIT_MS } from './wait.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const MAIN = path.join(root, 'dist/server/main.js');

/** Runs `node dist/server/main.js …args` to its end; resolves with its exit code and output. */
export function runMain(args, env = {}) {
  const child = spawn(process.execPath, [MAIN, ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d) => (stdout += d));
  child.stderr.on('data', (d) => (stderr += d));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * @param {{ env?: Record<string, string>, generatedPassword?: boolean }} options
 *   generatedPassword: start like a new user does, without BASTION_ADMIN_PASSWORD, and read the password the
 *   server prints on its first start.
 */
export async function startServerProcess({ env = {}, generatedPassword = false } = {}) {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bastion-data-'));
  const childEnv = {
    ...process.env,
    BASTION_HOST: '127.0.0.1',
    BASTION_PORT: String(port),
    BASTION_DATA_DIR: dataDir,
    BASTION_ADMIN_PASSWORD: 'Bench-Admin-Pass-1',
    ...env,
  };
  if (generatedPassword) delete childEnv.BASTION_ADMIN_PASSWORD;
  const child = spawn(process.execPath, [MAIN], {
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stdout.on('data', (d) => (log += d));
  child.stderr.on('data', (d) => (log += d));
  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited early:\n${log}`);
      try {
        const res = await fetch(`${baseUrl}/api/health/`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`server did not start in ${WAIT_MS / 1000} s:\n${log}`);
      // The next look at the health endpoint: polling for the condition, not a wait for time.
      await new Promise((r) => setTimeout(r, 100));
    }
    const adminPassword = generatedPassword
      ? /admin password: (\S+)/.exec(log)?.[1]
      : childEnv.BASTION_ADMIN_PASSWORD;
    if (!adminPassword) throw new Error(`the server printed no admin password:\n${log}`);
    return { baseUrl, adminPassword, dataDir, log: () => log, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
