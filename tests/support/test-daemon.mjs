// A test server run as a child of the test process (slapd, FreeRADIUS): started in the foreground, waited
// for until `ready(output)` holds (or it exits, or WAIT_MS passes: then killed, its directory removed and its
// last output thrown), stopped with SIGTERM. stop() removes the daemon's temporary directory.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { WAIT_MS } from './wait.mjs';

export async function startDaemon({ name, command, args, dir, ready }) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk) => {
    output = (output + chunk).slice(-8000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = Date.now() + WAIT_MS;
  while (!(await ready(output))) {
    if (exited || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`${name} did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  let stopped = false;
  return {
    output: () => output,
    async stop() {
      if (stopped) return;
      stopped = true;
      if (!exited) {
        const gone = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await gone;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
