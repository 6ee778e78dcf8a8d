/**
 * The demo's terminal sessions as plain data (docs/demo.md#sessions): who connected where and when over the
 * last weeks, what they typed, what the host answered, and the asciicast v2 recording of it. Deterministic
 * (a seeded generator), so two demo installs show the same screens.
 */

export const DEMO_SESSION_DAYS = 21;
const DAY = 24 * 3600 * 1000;

/** One command of a demo session: the input, the host's answer, dangerous or not. */
export interface DemoCommand {
  input: string;
  output: string;
  dangerous: boolean;
}

const ORDINARY: readonly DemoCommand[] = [
  {
    input: 'uptime',
    output: ' 10:42:01 up 37 days,  2:14,  1 user,  load average: 0.08, 0.11, 0.09',
    dangerous: false,
  },
  {
    input: 'df -h /',
    output: 'Filesystem      Size  Used Avail Use% Mounted on\n/dev/vda1        40G   17G   21G  45% /',
    dangerous: false,
  },
  {
    input: 'free -m',
    output:
      '              total        used        free      shared  buff/cache   available\nMem:           7821        2310         842          41        4668        5187',
    dangerous: false,
  },
  {
    input: 'systemctl status nginx --no-pager',
    output:
      '● nginx.service - A high performance web server\n   Active: active (running) since Mon 2026-10-19 08:12:44 CST; 5 weeks ago',
    dangerous: false,
  },
  {
    input: 'tail -n 3 /var/log/messages',
    output:
      'Nov 24 10:40:01 host systemd: Started Session 4122 of user root.\nNov 24 10:41:01 host systemd: Started Session 4123 of user root.\nNov 24 10:42:01 host CROND[1877]: (root) CMD (/usr/lib64/sa/sa1 1 1)',
    dangerous: false,
  },
  {
    input: 'ps aux --sort=-%cpu | head -n 3',
    output:
      'USER       PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND\nmysql     1021  3.2 18.4 2104400 1475224 ?   Sl   Oct19 1682:11 /usr/sbin/mysqld\nnginx     1190  0.4  0.3 125544  24308 ?     S    Oct19  211:40 nginx: worker process',
    dangerous: false,
  },
  {
    input: 'ls -l /opt/app',
    output:
      'total 12\ndrwxr-xr-x 2 app app 4096 Nov 20 17:03 bin\ndrwxr-xr-x 2 app app 4096 Nov 20 17:03 conf\ndrwxr-xr-x 5 app app 4096 Nov 24 09:58 logs',
    dangerous: false,
  },
  {
    input: 'cat /etc/os-release | head -n 2',
    output: 'NAME="CentOS Linux"\nVERSION="7 (Core)"',
    dangerous: false,
  },
  {
    input: 'ss -tlnp | grep 8080',
    output: 'LISTEN     0      128       *:8080        *:*     users:(("java",pid=2210,fd=41))',
    dangerous: false,
  },
  {
    input: 'git -C /opt/app log --oneline -n 2',
    output: '3f1c2ad release 2.14.3\n9b07e41 fix: retry payment callbacks',
    dangerous: false,
  },
  {
    input: 'journalctl -u app --since "10 min ago" | tail -n 1',
    output: 'Nov 24 10:39:57 host app[2210]: GET /healthz 200 2ms',
    dangerous: false,
  },
  { input: 'whoami', output: 'root', dangerous: false },
];

const DANGEROUS: readonly DemoCommand[] = [
  { input: 'rm -rf /opt/app/logs/*', output: '', dangerous: true },
  { input: 'shutdown -r now', output: 'Connection to host closed by remote host.', dangerous: true },
  { input: 'chmod -R 777 /etc', output: '', dangerous: true },
  {
    input: 'dd if=/dev/zero of=/dev/vdb bs=1M count=10',
    output: '10+0 records in\n10+0 records out',
    dangerous: true,
  },
];

export const DEMO_FTP_FILES = [
  ['Upload', '/opt/app/conf/app.yaml', true],
  ['Download', '/var/log/nginx/access.log', true],
  ['Rename', '/opt/app/bin/app.jar -> /opt/app/bin/app.jar.bak', true],
  ['Upload', '/root/.ssh/authorized_keys', false],
  ['Download', '/etc/shadow', false],
  ['Mkdir', '/opt/app/releases/2.14.3', true],
  ['Delete', '/tmp/dump.sql', true],
] as const;

/** A small linear congruential generator: the same seed gives the same demo. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export interface DemoSessionPlan {
  /** Index into the lists the seed passes in (users, assets, system users of the org). */
  user: number;
  asset: number;
  systemUser: number;
  start: number;
  /** null: still online at seed time. */
  end: number | null;
  remoteAddr: string;
  loginFrom: 'ST' | 'WT';
  commands: Array<DemoCommand & { at: number }>;
}

/**
 * `count` sessions spread over the last DEMO_SESSION_DAYS days (more on working days and hours), the
 * `online` newest of them still open. Times are epoch milliseconds relative to `now`.
 */
export function planSessions(
  now: number,
  count: number,
  online: number,
  sizes: { users: number; assets: number; systemUsers: number },
  seed: number,
): DemoSessionPlan[] {
  const random = seededRandom(seed);
  const pick = (n: number) => Math.floor(random() * n);
  const plans: DemoSessionPlan[] = [];
  for (let i = 0; i < count; i += 1) {
    const isOnline = i < online;
    const dayAgo = isOnline ? 0 : Math.floor(random() * random() * DEMO_SESSION_DAYS);
    const hour = 9 + pick(10);
    const midnight = Math.floor((now - dayAgo * DAY) / DAY) * DAY;
    let start = midnight + hour * 3600_000 + pick(3600) * 1000;
    if (isOnline) start = now - (5 + pick(50)) * 60_000;
    else if (start > now - 3600_000) start = now - (2 + pick(20)) * 3600_000;
    const commands: Array<DemoCommand & { at: number }> = [];
    const amount = 3 + pick(6);
    let at = start + (2 + pick(5)) * 1000;
    for (let c = 0; c < amount; c += 1) {
      const dangerous = c === amount - 1 && random() < 0.15;
      const pool = dangerous ? DANGEROUS : ORDINARY;
      commands.push({ ...(pool[pick(pool.length)] as DemoCommand), at });
      at += (4 + pick(40)) * 1000;
    }
    plans.push({
      user: pick(sizes.users),
      asset: pick(sizes.assets),
      systemUser: pick(sizes.systemUsers),
      start,
      end: isOnline ? null : at + (1 + pick(5)) * 1000,
      remoteAddr: `192.168.${10 + pick(4)}.${20 + pick(200)}`,
      loginFrom: random() < 0.7 ? 'WT' : 'ST',
      commands: isOnline ? commands.filter((command) => command.at < now) : commands,
    });
  }
  return plans;
}

/**
 * The asciicast v2 recording of a session: a header line, then `[seconds, "o", text]` events — the
 * prompt, each typed character of each command with a typist's pauses, the host's output — and the
 * logout at the end.
 */
export function demoAsciicast(
  plan: DemoSessionPlan,
  names: { user: string; host: string },
  seed: number,
): string {
  const random = seededRandom(seed);
  const start = plan.start;
  const prompt = `[${names.user}@${names.host} ~]$ `;
  const lines: string[] = [
    JSON.stringify({
      version: 2,
      width: 120,
      height: 32,
      timestamp: Math.floor(start / 1000),
      env: { SHELL: '/bin/bash', TERM: 'xterm-256color' },
      title: `${names.user}@${names.host}`,
    }),
  ];
  const event = (seconds: number, text: string) =>
    lines.push(JSON.stringify([Math.round(seconds * 1000) / 1000, 'o', text]));
  let t = 0.4;
  event(t, `Last login: ${new Date(start - DAY).toUTCString()} from ${plan.remoteAddr}\r\n`);
  t += 0.2;
  event(t, prompt);
  for (const command of plan.commands) {
    t = Math.max(t + 0.5, (command.at - start) / 1000 - command.input.length * 0.12);
    for (const char of command.input) {
      t += 0.05 + random() * 0.15;
      event(t, char);
    }
    t += 0.3 + random() * 0.4;
    event(t, '\r\n');
    if (command.output !== '') {
      t += 0.05 + random() * 0.3;
      event(t, `${command.output.replace(/\n/g, '\r\n')}\r\n`);
    }
    event(t + 0.01, prompt);
  }
  if (plan.end !== null) {
    t = Math.max(t + 0.8, (plan.end - start) / 1000);
    event(t, 'logout\r\n');
  }
  return `${lines.join('\n')}\n`;
}
