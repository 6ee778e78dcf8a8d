import { describe, expect, it, vi } from 'vitest';
import { openTaskLog, taskIdOf, taskLogPopupUrl } from './taskLog';

describe('task log popup (docs/shell.md#the-task-log-window)', () => {
  it('opens the legacy hash path in a 900×600 window', () => {
    const open = vi.fn();
    openTaskLog('5f0c1a52-0000-4000-8000-000000000001', open);
    expect(open).toHaveBeenCalledWith(
      '/ui/#/ops/celery/task/5f0c1a52-0000-4000-8000-000000000001/log/',
      '',
      'width=900,height=600',
    );
  });
  it('encodes an odd id instead of building another path from it', () => {
    expect(taskLogPopupUrl('../x?y')).toBe('/ui/#/ops/celery/task/..%2Fx%3Fy/log/');
  });
  it('reads the task id of an action answer', () => {
    expect(taskIdOf({ task: 'abc' })).toBe('abc');
    expect(taskIdOf({ task: '' })).toBeNull();
    expect(taskIdOf({ id: 'abc' })).toBeNull();
    expect(taskIdOf(null)).toBeNull();
  });
});
