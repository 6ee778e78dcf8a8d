import { describe, expect, it } from 'vitest';
import { compileResource } from '../../../server/src/engine/compile';
import { commandResource } from '../../../server/src/resources/terminal/commands';
import { sessionResource } from '../../../server/src/resources/terminal/sessions';

// The indexes the engine derives from a declaration (docs/engine.md#indexes).
describe('derived indexes', () => {
  it('gives each filter field of a command the default order after it, so a filtered list is one range', () => {
    const { indexes } = compileResource(commandResource).table;
    expect(indexes).toContainEqual(['org_id', 'timestamp', 'id']);
    expect(indexes).toContainEqual(['org_id', 'session', 'timestamp', 'id']);
    expect(indexes).toContainEqual(['org_id', 'risk_level', 'timestamp', 'id']);
    // The two-column form is led by the longer one, so it is not made as well.
    expect(indexes).not.toContainEqual(['org_id', 'session']);
  });

  it('keeps the sessions date range on date_start and their filters in date_start order', () => {
    const { indexes } = compileResource(sessionResource).table;
    expect(indexes).toContainEqual(['org_id', 'date_start', 'id']);
    expect(indexes).toContainEqual(['org_id', 'user_id', 'date_start', 'id']);
    expect(indexes).toContainEqual(['org_id', 'is_finished', 'date_start', 'id']);
  });
});
