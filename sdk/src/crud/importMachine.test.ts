import { describe, expect, it } from 'vitest';
import {
  checkImportFile,
  filterImportRows,
  importButton,
  importColumnWidth,
  importCounts,
  importProgress,
  importReducer,
  initialImportState,
  parseCellInput,
  runImport,
  type ImportAction,
  type ImportState,
} from './importMachine';
import { CRUD_STRINGS } from './i18n';

const titles = [
  ['*Name', 'name'],
  ['*Email', 'email'],
] as const;

function machine(data: Record<string, unknown>[]) {
  let state: ImportState = importReducer(initialImportState, { type: 'load', titles, data });
  const dispatch = (a: ImportAction) => (state = importReducer(state, a));
  return { get: () => state, dispatch };
}

describe('import state machine (docs/crud.md#import)', () => {
  it('Import → Stop → Continue → Finished, editing resets a row to pending', async () => {
    const rows = Array.from({ length: 23 }, (_, i) => ({
      name: `u${i}`,
      email: i === 4 || i === 17 ? 'bad' : `u${i}@x.io`,
    }));
    const m = machine(rows);
    expect(importButton(m.get())).toBe('import');
    const sent: string[] = [];
    const sleeps: number[] = [];
    const send = async (row: { data: Record<string, unknown> }) => {
      sent.push(String(row.data.name));
      if (String(row.data.email) === 'bad')
        throw Object.assign(new Error('400'), { data: { email: ['Enter a valid email address.'] } });
    };
    m.dispatch({ type: 'start' });
    expect(importButton(m.get())).toBe('stop');
    const result = await runImport({
      getState: m.get,
      dispatch: m.dispatch,
      send,
      sleep: async (ms) => void sleeps.push(ms),
    });
    expect(result).toBe('done');
    expect(sent).toHaveLength(23);
    expect(sleeps.every((s) => s === 100)).toBe(true);
    expect(sleeps).toHaveLength(23 + 3); // after every row and after each of the 3 pages
    expect(importCounts(m.get().rows)).toEqual({ total: 23, ok: 21, failed: 2, pending: 0 });
    expect(m.get().rows[4]!.status).toEqual({
      state: 'error',
      lines: ['Email: Enter a valid email address.'],
    });
    expect(importButton(m.get())).toBe('continue');
    expect(importProgress(m.get().rows)).toBe(100);
    expect(filterImportRows(m.get().rows, 'failed').map((r) => r.key)).toEqual([4, 17]);

    m.dispatch({ type: 'edit', key: 4, field: 'email', value: 'u4@x.io' });
    expect(m.get().rows[4]!.status.state).toBe('pending');
    m.dispatch({ type: 'edit', key: 17, field: 'email', value: 'u17@x.io' });
    sent.length = 0;
    m.dispatch({ type: 'start' });
    await runImport({ getState: m.get, dispatch: m.dispatch, send, sleep: async () => undefined });
    expect(sent).toEqual(['u4', 'u17']);
    expect(importButton(m.get())).toBe('finished');
  });

  it('stopping is honoured between rows; continue after done re-queues failed rows', async () => {
    const m = machine(Array.from({ length: 5 }, (_, i) => ({ name: `u${i}`, email: 'x' })));
    m.dispatch({ type: 'start' });
    let n = 0;
    const result = await runImport({
      getState: m.get,
      dispatch: m.dispatch,
      send: async () => {
        n += 1;
        if (n === 2) m.dispatch({ type: 'stop' });
      },
      sleep: async () => undefined,
    });
    expect(result).toBe('stopped');
    expect(n).toBe(2);
    expect(importButton(m.get())).toBe('continue');
    m.dispatch({ type: 'rowError', key: 2, body: { detail: 'x' } });
    m.dispatch({ type: 'done' });
    m.dispatch({ type: 'start' });
    expect(m.get().rows[2]!.status.state).toBe('pending');
  });

  it('cells read JSON when it parses, else text; widths 10 px per char within 100–180', () => {
    expect(parseCellInput('["a","b"]')).toEqual(['a', 'b']);
    expect(parseCellInput('12')).toBe(12);
    expect(parseCellInput('plain text')).toBe('plain text');
    expect(importColumnWidth('Name', ['ab'])).toBe(100);
    expect(importColumnWidth('Name', ['a'.repeat(14)])).toBe(140);
    expect(importColumnWidth('Name', ['a'.repeat(40)])).toBe(180);
  });

  it('accepts one .csv/.xlsx under 30 MB', () => {
    expect(checkImportFile({ name: 'a.csv', size: 10 })).toBe('ok');
    expect(checkImportFile({ name: 'a.XLSX', size: 10 })).toBe('ok');
    expect(checkImportFile({ name: 'a.txt', size: 10 })).toBe('type');
    expect(checkImportFile({ name: 'a.csv', size: 30 * 1024 * 1024 })).toBe('size');
  });
});

describe('kit strings', () => {
  it('zh, en and ja have the same keys', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`],
      );
    const en = keys(CRUD_STRINGS.en).sort();
    expect(keys(CRUD_STRINGS.zh).sort()).toEqual(en);
    expect(keys(CRUD_STRINGS.ja).sort()).toEqual(en);
  });
});
