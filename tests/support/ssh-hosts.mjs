// Real SSH hosts for tests: Debian's OpenSSH server (installed by scripts/setup.mjs), each host in its own
// mount, PID and network namespaces (unshare), so that nothing a test does on a host reaches the machine:
//   - /etc is an overlay whose writes land in the host's temporary directory, so useradd, chpasswd and
//     sudoers.d files change private copies of the account files (a plain bind mount of /etc/passwd would
//     not do: the shadow tools replace the file by a rename, which a bind-mounted file refuses);
//   - /home, /root, /run and /var/log are private tmpfs mounts (home directories, keys, wtmp for last logins);
//   - the host's network namespace has only its own loopback.
// A host that tests reach directly gets a listening socket on the machine's loopback (a free port); every
// connection is handed to `sshd -i` started inside the host's namespaces with that socket as its stdin and
// stdout, so the socket lives on the machine's loopback while the server runs in the private namespaces.
// `startSshLab()` adds an internal host that runs a normal sshd on the gateway host's private loopback:
// reachable only through the gateway (an SSH client's forwardOut from the gateway).
// Host keys are generated per host in its temporary directory; stop() ends every process and removes it.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WAIT_MS } from './wait.mjs';

const SSHD = '/usr/sbin/sshd';

/** The port the internal host listens on, inside the gateway's private network namespace. */
export const INTERNAL_SSH_PORT = 2222;

export function sshdInstalled() {
  try {
    execFileSync(SSHD, ['-V'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

function requireSshd() {
  if (!sshdInstalled())
    throw new Error(
      'OpenSSH server is missing: run `npm test` as root once (scripts/setup.mjs installs it), ' +
        'or: sudo apt-get install -y openssh-server',
    );
}

// Runs as PID 1 of the host's PID namespace: private mounts, the root password, then it waits. HOST_DIR and
// ROOT_PASSWORD come from the environment, never from the script text.
const HOLDER_SCRIPT = `
set -e
mkdir -p "$HOST_DIR/etc-upper" "$HOST_DIR/etc-work"
mount -t overlay overlay -o "lowerdir=/etc,upperdir=$HOST_DIR/etc-upper,workdir=$HOST_DIR/etc-work" /etc
mount -t proc proc /proc
for d in /home /root /run /var/log; do mount -t tmpfs -o mode=0755 tmpfs "$d"; done
chmod 0700 /root
mkdir -p /run/sshd /etc/sudoers.d
# sudo keeps its lecture marks under /var/lib/sudo: private too, and never lectures on the test hosts.
if [ -d /var/lib/sudo ]; then mount -t tmpfs -o mode=0700 tmpfs /var/lib/sudo; fi
printf 'Defaults lecture=never\n' > /etc/sudoers.d/00-test-host
touch /var/log/wtmp /var/log/lastlog /var/log/btmp
ip link set lo up
printf 'root:%s\\n' "$ROOT_PASSWORD" | chpasswd
echo ready
exec sleep infinity
`;

function sshdConfig(dir, listen) {
  return [
    ...(listen ? [`ListenAddress 127.0.0.1:${listen}`] : []),
    `HostKey ${path.join(dir, 'ssh_host_ed25519_key')}`,
    'PidFile none',
    'UsePAM no',
    'PermitRootLogin yes',
    'PasswordAuthentication yes',
    'KbdInteractiveAuthentication no',
    'PubkeyAuthentication yes',
    'AuthorizedKeysFile .ssh/authorized_keys',
    'StrictModes no',
    'UseDNS no',
    'MaxStartups 100',
    'MaxAuthTries 10',
    'LoginGraceTime 60',
    'Subsystem sftp internal-sftp',
    'LogLevel VERBOSE',
    '',
  ].join('\n');
}

function waitForLine(child, pattern, what) {
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(
      () => fail(new Error(`${what}: not ready after ${WAIT_MS} ms\n${seen}`)),
      WAIT_MS,
    );
    const onData = (chunk) => {
      seen += chunk.toString();
      if (pattern.test(seen)) {
        cleanup();
        resolve();
      }
    };
    const onExit = (code) => fail(new Error(`${what} exited (${code}) before it was ready\n${seen}`));
    function cleanup() {
      clearTimeout(timer);
      child.stdout?.off('data', onData);
      child.stderr?.off('data', onData);
      child.off('exit', onExit);
    }
    function fail(error) {
      cleanup();
      reject(error);
    }
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', onExit);
  });
}

function prepareDir(prefix) {
  const dir = mkdtempSync(path.join(tmpdir(), prefix));
  execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-f', path.join(dir, 'ssh_host_ed25519_key')]);
  return dir;
}

/** Starts the namespace holder of a host; `enterNet` names another holder whose network it shares. */
async function startHolder(dir, rootPassword, enterNet) {
  const unshare = ['unshare', '--mount', '--pid', '--fork', '--kill-child', ...(enterNet ? [] : ['--net'])];
  const argv = enterNet ? ['nsenter', `--net=/proc/${enterNet}/ns/net`, '--', ...unshare] : unshare;
  const holder = spawn(argv[0], [...argv.slice(1), 'sh', '-c', HOLDER_SCRIPT], {
    env: {
      PATH: process.env.PATH ?? '/usr/sbin:/usr/bin:/sbin:/bin',
      HOST_DIR: dir,
      ROOT_PASSWORD: rootPassword,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await waitForLine(holder, /^ready$/m, 'SSH test host namespaces');
  // With nsenter in front, the unshare process is nsenter's child (nsenter execs it: same pid).
  return holder;
}

/** Runs a command inside a holder's namespaces (as root on that host); returns its output. */
function nsArgs(holderPid) {
  return [
    `--mount=/proc/${holderPid}/ns/mnt`,
    `--net=/proc/${holderPid}/ns/net`,
    `--pid=/proc/${holderPid}/ns/pid_for_children`,
    '--',
  ];
}

function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

function hostHandle({ dir, holder, port, rootPassword, stopExtra }) {
  let stopped = false;
  return {
    host: '127.0.0.1',
    port,
    rootPassword,
    dir,
    /** Runs `sh -c script` as root on the host; returns stdout, throws with stderr on failure. */
    exec(script) {
      return execFileSync('nsenter', [...nsArgs(holder.pid), 'sh', '-c', script], { encoding: 'utf8' });
    },
    /** Adds a public key (OpenSSH one-line form) to a user's authorized_keys on the host. */
    authorize(user, publicKey) {
      const home = this.exec(`getent passwd ${JSON.stringify(user)} | cut -d: -f6`).trim();
      this.exec(
        `mkdir -p ${home}/.ssh && printf '%s\\n' ${JSON.stringify(publicKey)} >> ${home}/.ssh/authorized_keys`,
      );
    },
    /**
     * Adds an account with a password (in the host's private account files); `sudo`: 'password' may run
     * anything as root after giving its password, 'nopasswd' without it, 'none' (default) not at all.
     */
    addUser(user, password, { sudo = 'none' } = {}) {
      this.exec(`useradd -m -s /bin/bash ${user}`);
      execFileSync('nsenter', [...nsArgs(holder.pid), 'chpasswd'], { input: `${user}:${password}\n` });
      if (sudo !== 'none')
        this.exec(
          `printf '%s ALL=(ALL) ${sudo === 'nopasswd' ? 'NOPASSWD: ' : ''}ALL\\n' ${user} > /etc/sudoers.d/${user}`,
        );
    },
    /** The host's sshd log (connections, authentications). */
    log() {
      try {
        return readFileSync(path.join(dir, 'sshd.log'), 'utf8');
      } catch {
        return '';
      }
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await stopExtra?.();
      await stopProcess(holder);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts one SSH host reachable on 127.0.0.1:<port> of the machine. Options: rootPassword.
 * Returns { host, port, rootPassword, exec(script), authorize(user, key), log(), stop() }.
 */
export async function startSshHost({ rootPassword = 'Root-Pass-2026!' } = {}) {
  requireSshd();
  const dir = prepareDir('bastion-ssh-');
  const holder = await startHolder(dir, rootPassword, null);
  const config = path.join(dir, 'sshd_config');
  writeFileSync(config, sshdConfig(dir, null));
  const sessions = new Set();
  const server = createServer({ pauseOnConnect: true }, (socket) => {
    const child = spawn(
      'nsenter',
      [...nsArgs(holder.pid), SSHD, '-i', '-f', config, '-E', path.join(dir, 'sshd.log')],
      {
        stdio: [socket, socket, 'ignore'],
      },
    );
    sessions.add(child);
    child.on('exit', () => sessions.delete(child));
    child.on('error', () => sessions.delete(child));
    // The child holds the connection now; closing our descriptor does not end it.
    socket.destroy();
  });
  const port = await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });
  const stopExtra = async () => {
    await new Promise((resolve) => server.close(() => resolve()));
    await Promise.all([...sessions].map(stopProcess));
  };
  return { ...hostHandle({ dir, holder, port, rootPassword, stopExtra }), holderPid: holder.pid };
}

/**
 * A gateway host (reachable like startSshHost's) and an internal host on the gateway's private loopback,
 * port INTERNAL_SSH_PORT, which only the gateway reaches. Returns { gateway, internal, stop() };
 * internal.port is the port as the gateway sees it.
 */
export async function startSshLab({
  gatewayPassword = 'Gate-Pass-2026!',
  internalPassword = 'Inner-Pass-2026!',
} = {}) {
  const gateway = await startSshHost({ rootPassword: gatewayPassword });
  try {
    const dir = prepareDir('bastion-ssh-internal-');
    const holder = await startHolder(dir, internalPassword, gateway.holderPid);
    const config = path.join(dir, 'sshd_config');
    writeFileSync(config, sshdConfig(dir, INTERNAL_SSH_PORT));
    const daemon = spawn('nsenter', [...nsArgs(holder.pid), SSHD, '-D', '-e', '-f', config], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await waitForLine(daemon, /Server listening on 127\.0\.0\.1 port/, 'internal SSH host');
    const internal = hostHandle({
      dir,
      holder,
      port: INTERNAL_SSH_PORT,
      rootPassword: internalPassword,
      stopExtra: () => stopProcess(daemon),
    });
    return {
      gateway,
      internal,
      async stop() {
        await internal.stop();
        await gateway.stop();
      },
    };
  } catch (error) {
    await gateway.stop();
    throw error;
  }
}

/** A loopback port that accepts connections and never says a word (an SSH time-out). */
export async function startSilentPort() {
  const sockets = new Set();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined);
  });
  const port = await new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(server.address().port)),
  );
  return {
    port,
    stop: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
