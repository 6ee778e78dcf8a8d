import net from 'node:net';

/**
 * Can the server listen on host:port right now? Asked before anything is created, so that a port that is
 * taken stops the first start before it makes the admin user and prints a password nobody can use. Resolves
 * null when the port is free, else the system's error code (EADDRINUSE, EACCES, EADDRNOTAVAIL …).
 */
export function probePort(host: string, port: number): Promise<string | null> {
  if (port === 0) return Promise.resolve(null);
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? error.message));
    probe.listen({ host, port, exclusive: true }, () => probe.close(() => resolve(null)));
  });
}

/** What to tell a person whose port cannot be used, naming the variables that fix it. */
export function portProblem(code: string, host: string, port: number): string {
  const where = `${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (code === 'EADDRINUSE')
    return (
      `Cannot start: port ${port} on ${host} is already in use (another Bastion Console, or another program).\n` +
      `Stop that program, or choose another port, e.g.  BASTION_PORT=${port === 8080 ? 8081 : 8080} npm start\n` +
      'Nothing was created or changed.'
    );
  if (code === 'EACCES')
    return (
      `Cannot start: this user may not listen on ${where} (ports below 1024 need privileges).\n` +
      'Choose another port, e.g.  BASTION_PORT=8080 npm start'
    );
  if (code === 'EADDRNOTAVAIL')
    return (
      `Cannot start: ${host} is not an address of this machine (BASTION_HOST).\n` +
      'Use one of its addresses, e.g.  BASTION_HOST=127.0.0.1 npm start'
    );
  return `Cannot start: listening on ${where} failed (${code}). Check BASTION_HOST and BASTION_PORT.`;
}
