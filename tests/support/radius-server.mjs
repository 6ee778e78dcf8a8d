// A real RADIUS server for tests: Debian's FreeRADIUS (installed by scripts/setup.mjs) with a small config of
// its own in a temporary directory (`freeradius -d`): one client, 127.0.0.1 with RADIUS_TEST_SECRET, which
// must send Message-Authenticator; PAP against a users file; one auth listener on a free loopback UDP port.
// The users file holds RADIUS_USERS (username → password). stop() ends the server and removes the directory.
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import dgram from 'node:dgram';
import { startDaemon } from './test-daemon.mjs';

const FREERADIUS = '/usr/sbin/freeradius';

export const RADIUS_TEST_SECRET = 'radius-shared-secret';
/** The RADIUS server's users and their passwords; `otpuser`'s "password" stands for a one-time code. */
export const RADIUS_USERS = {
  radalice: 'Alice-radius-pw',
  radbob: 'Bob-radius-pw',
  radcarol: 'Carol-radius-pw',
  raddave: 'Dave-radius-pw',
  otpuser: '424242',
};

export function freeradiusInstalled() {
  return existsSync(FREERADIUS);
}

/** A free loopback UDP port (the server binds it right after; nothing else on loopback races for UDP). */
function freeUdpPort() {
  return new Promise((resolve, reject) => {
    const socket = dgram.createSocket('udp4');
    socket.once('error', reject);
    socket.bind(0, '127.0.0.1', () => {
      const { port } = socket.address();
      socket.close(() => resolve(port));
    });
  });
}

const usersFile = () =>
  Object.entries(RADIUS_USERS)
    .map(([name, password]) => `${name} Cleartext-Password := "${password}"\n`)
    .join('');

function radiusdConf(dir, port) {
  return `prefix = /usr
exec_prefix = /usr
sysconfdir = /etc
localstatedir = ${dir}
sbindir = /usr/sbin
logdir = ${dir}
raddbdir = ${dir}
radacctdir = ${dir}
name = freeradius
confdir = ${dir}
modconfdir = ${dir}
run_dir = ${dir}
db_dir = ${dir}
libdir = /usr/lib/freeradius
pidfile = ${dir}/radiusd.pid
max_request_time = 30
cleanup_delay = 0
max_requests = 1024
hostname_lookups = no
log {
  destination = stdout
  colourise = no
  auth = yes
}
security {
  allow_core_dumps = no
  max_attributes = 200
  reject_delay = 0
  status_server = no
}
client localhost {
  ipaddr = 127.0.0.1
  secret = ${RADIUS_TEST_SECRET}
  require_message_authenticator = yes
}
modules {
  pap {
    normalise = yes
  }
  files {
    filename = ${dir}/users
  }
}
server default {
  listen {
    type = auth
    ipaddr = 127.0.0.1
    port = ${port}
  }
  authorize {
    files
    pap
  }
  authenticate {
    Auth-Type PAP {
      pap
    }
  }
}
`;
}

/** Starts FreeRADIUS. Returns `{ port, secret, dir, stop() }`. */
export async function startRadiusServer() {
  if (!freeradiusInstalled())
    throw new Error(
      'FreeRADIUS is missing: run `npm test` as root once (scripts/setup.mjs installs it), ' +
        'or: sudo apt-get install -y freeradius',
    );
  const dir = mkdtempSync(path.join(tmpdir(), 'bastion-radius-'));
  const port = await freeUdpPort();
  writeFileSync(path.join(dir, 'radiusd.conf'), radiusdConf(dir, port));
  writeFileSync(path.join(dir, 'users'), usersFile());
  writeFileSync(path.join(dir, 'dictionary'), '');
  // -f: stay in the foreground (a child of the test process); -l stdout: its log, read for readiness.
  const daemon = await startDaemon({
    name: 'FreeRADIUS',
    command: FREERADIUS,
    args: ['-f', '-d', dir, '-n', 'radiusd', '-l', 'stdout'],
    dir,
    ready: (output) => output.includes('Ready to process requests'),
  });
  return { port, secret: RADIUS_TEST_SECRET, dir, log: daemon.output, stop: daemon.stop };
}
