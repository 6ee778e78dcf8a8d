import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { portProblem, probePort } from '../../../server/src/cli/port-check';

let holder: net.Server | null = null;

afterEach(async () => {
  await new Promise<void>((resolve) => (holder ? holder.close(() => resolve()) : resolve()));
  holder = null;
});

describe('the port check before the first start', () => {
  it('finds a port that another program holds, and leaves a free one free', async () => {
    holder = net.createServer();
    await new Promise<void>((resolve) => holder!.listen(0, '127.0.0.1', resolve));
    const { port } = holder.address() as net.AddressInfo;
    expect(await probePort('127.0.0.1', port)).toBe('EADDRINUSE');
    await new Promise<void>((resolve) => holder!.close(() => resolve()));
    holder = null;
    expect(await probePort('127.0.0.1', port)).toBeNull();
  });

  it('names BASTION_PORT and says nothing was created', () => {
    const text = portProblem('EADDRINUSE', '127.0.0.1', 8080);
    expect(text).toContain('port 8080 on 127.0.0.1 is already in use');
    expect(text).toContain('BASTION_PORT=8081 npm start');
    expect(text).toContain('Nothing was created');
    expect(portProblem('EADDRNOTAVAIL', '10.9.9.9', 8080)).toContain('BASTION_HOST');
  });
});
