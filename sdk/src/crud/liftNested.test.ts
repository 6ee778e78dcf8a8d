import { describe, expect, it } from 'vitest';
import { liftNested, type FieldsMeta } from './metadata';

describe('liftNested (docs/crud.md#form-page)', () => {
  const fields: FieldsMeta = {
    title: { type: 'string', required: true, label: 'Title' },
    meta: {
      type: 'nested object',
      label: 'Meta',
      children: {
        apply_assets: { type: 'list', label: 'Apply assets' },
        title: { type: 'string', label: 'Shadowed' },
      },
    },
  };

  it('lays the children out at the top level, without the nested field, never over a top-level field', () => {
    const lifted = liftNested(fields, ['meta']);
    expect(Object.keys(lifted)).toEqual(['title', 'apply_assets']);
    expect(lifted.title?.label).toBe('Title');
    expect(lifted.apply_assets?.label).toBe('Apply assets');
  });

  it('leaves fields alone when nothing is named or the named field has no children', () => {
    expect(liftNested(fields, [])).toEqual(fields);
    expect(Object.keys(liftNested(fields, ['title']))).toEqual(['meta']);
  });
});
