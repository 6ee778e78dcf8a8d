// useTaskLogFollow against a real WebSocket server on loopback speaking the task-log protocol
// (docs/terminal-view.md#usetasklogfollow): the page's location points at it, as the console's would.
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocketServer, type WebSocket as PeerSocket } from 'ws';
import { useTaskLogFollow } from './useTaskLogFollow';

let server: WebSocketServer;
/** What the server was asked, in order, and the sockets it holds open. */
const asked: unknown[] = [];
const open = new Set<PeerSocket>();

/** The page's address: the console served from a loopback port. */
function setUrl(port: number): void {
  (window as unknown as { happyDOM: { setURL: (url: string) => void } }).happyDOM.setURL(
    `http://127.0.0.1:${port}/ui/`,
  );
}

beforeAll(async () => {
  server = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/ws/ops/tasks/log/' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  server.on('connection', (socket) => {
    open.add(socket);
    socket.on('close', () => open.delete(socket));
    socket.on('message', (raw) => {
      const request = JSON.parse(String(raw)) as { task: string; type: string };
      asked.push(request);
      if (request.task === 'refused') socket.send(JSON.stringify({ error: 'not_found' }));
      else if (request.task === 'odd-refusal') socket.send(JSON.stringify({ error: 'something_new' }));
      else if (request.task === 'signed-out') socket.close(4401);
      else {
        // The log grows in frames; a frame that is not ours is skipped.
        socket.send(JSON.stringify({ message: `${request.task} starts\r\n` }));
        socket.send('not json');
        setTimeout(() => socket.send(JSON.stringify({ message: `${request.task} done\r\n` })), 20);
      }
    });
  });
  setUrl((server.address() as AddressInfo).port);
});

// Each test's hooks unmount, so their sockets close before the next test counts open ones.
afterEach(async () => {
  cleanup();
  await waitFor(() => expect(open.size).toBe(0));
});

afterAll(async () => {
  for (const socket of server.clients) socket.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('useTaskLogFollow', () => {
  it('asks for the task and shows its log as it grows', async () => {
    const { result, unmount } = renderHook(() => useTaskLogFollow('task-1'));
    await waitFor(() => expect(result.current.text).toBe('task-1 starts\r\ntask-1 done\r\n'));
    expect(asked).toContainEqual({ task: 'task-1', type: 'celery' });
    expect(result.current).toMatchObject({ taskId: 'task-1', stopped: null, failed: false });
    unmount();
    // Unmounting closes the socket.
    await waitFor(() => expect(open.size).toBe(0));
  });

  it("starts afresh for another task, never showing the first one's log for it", async () => {
    const { result, rerender } = renderHook(({ id }) => useTaskLogFollow(id), {
      initialProps: { id: 'run-a' },
    });
    await waitFor(() => expect(result.current.text).toContain('run-a done'));
    rerender({ id: 'run-b' });
    expect(result.current).toMatchObject({ taskId: 'run-b', text: '' });
    await waitFor(() => expect(result.current.text).toBe('run-b starts\r\nrun-b done\r\n'));
    // Only the current task's socket stays open.
    await waitFor(() => expect(open.size).toBe(1));
  });

  it("reports the server's refusal, and an unknown one as not found", async () => {
    const refused = renderHook(() => useTaskLogFollow('refused'));
    await waitFor(() => expect(refused.result.current.stopped).toBe('not_found'));
    const odd = renderHook(() => useTaskLogFollow('odd-refusal'));
    await waitFor(() => expect(odd.result.current.stopped).toBe('not_found'));
    expect(odd.result.current.text).toBe('');
  });

  it('says so when the server ends the session', async () => {
    const { result } = renderHook(() => useTaskLogFollow('signed-out'));
    await waitFor(() => expect(result.current.stopped).toBe('session_ended'));
  });

  it('says so when the socket cannot connect', async () => {
    // A loopback port nobody listens on: taken, then freed.
    const free = new WebSocketServer({ host: '127.0.0.1', port: 0 });
    await new Promise<void>((resolve) => free.once('listening', () => resolve()));
    const { port } = free.address() as AddressInfo;
    await new Promise<void>((resolve) => free.close(() => resolve()));
    setUrl(port);
    try {
      const { result } = renderHook(() => useTaskLogFollow('nowhere'));
      await waitFor(() => expect(result.current.failed).toBe(true));
    } finally {
      setUrl((server.address() as AddressInfo).port);
    }
  });

  it('follows nothing for no task', async () => {
    const before = asked.length;
    const { result } = renderHook(() => useTaskLogFollow(null));
    await act(async () => undefined);
    expect(result.current).toEqual({ taskId: null, text: '', stopped: null, failed: false });
    expect(asked.length).toBe(before);
  });
});
