import { describe, expect, it } from 'vitest';
import {
  buildFormGroups,
  cleanValues,
  cloneObject,
  initialValues,
  validateValue,
  widgetOf,
  fieldSpec,
} from './formFields';
import { fieldsOf } from './metadata';
import { USERS_OPTIONS } from './fixtures.test-data';
import { mapServerErrors, importErrorLines } from './errors';

const POST = fieldsOf(USERS_OPTIONS, 'POST');

describe('metadata → form fields (docs/crud.md#form-page)', () => {
  it('maps names and types to widgets', () => {
    const w = (name: string) => widgetOf(name, POST[name]);
    expect(w('email')).toBe('email');
    expect(w('password')).toBe('password');
    expect(w('public_key')).toBe('password'); // write-only string
    expect(w('comment')).toBe('textarea');
    expect(w('name')).toBe('input');
    expect(w('mfa_level')).toBe('radio'); // 3 choices
    expect(w('source')).toBe('select'); // 6 choices > 4
    expect(w('is_active')).toBe('checkbox');
    expect(w('date_expired')).toBe('datetime');
    expect(w('attrs')).toBe('nested');
    expect(w('meta')).toBe('json');
    expect(widgetOf('description', { type: 'string' })).toBe('textarea'); // no max_length
    expect(widgetOf('groups', POST.groups, { relation: { url: '/api/v1/users/groups/' } })).toBe('relation');
  });

  it('required rule on blur for inputs, on change for other controls', () => {
    expect(fieldSpec('name', POST.name)).toMatchObject({ required: true, trigger: 'blur' });
    expect(fieldSpec('source', POST.source)).toMatchObject({ trigger: 'change' });
  });

  it('builds groups in layout order, dropping read-only fields and unknown names', () => {
    const groups = buildFormGroups({
      meta: POST,
      fields: [
        ['group.account', ['name', 'username', 'email', 'is_valid', 'nope']],
        ['group.other', ['comment']],
      ],
      fieldsMeta: { groups: { relation: { url: '/x/' } } },
    });
    expect(groups.map((g) => [g.title, g.fields.map((f) => f.name)])).toEqual([
      ['group.account', ['name', 'username', 'email']],
      ['group.other', ['comment']],
    ]);
    const all = buildFormGroups({ meta: POST });
    expect(all[0]!.fields.map((f) => f.name)).not.toContain('id');
    const nested = all[0]!.fields.find((f) => f.name === 'attrs')!;
    expect(nested.children!.map((c) => [c.name, c.widget, c.required])).toEqual([
      ['host', 'input', true],
      ['port', 'number', false],
    ]);
  });

  it('validates required, email and JSON', () => {
    const [g] = buildFormGroups({ meta: POST, fields: ['name', 'email', 'meta'] });
    const [name, email, meta] = g!.fields;
    expect(validateValue(name!, '  ')).toBe('validation.required');
    expect(validateValue(email!, 'nope')).toBe('validation.email');
    expect(validateValue(email!, 'a@b.co')).toBeNull();
    expect(validateValue(meta!, '{bad')).toBe('validation.json');
    expect(validateValue(meta!, '{"a":1}')).toBeNull();
  });

  it('initial values take metadata defaults; clean values parse JSON and drop blank passwords', () => {
    const groups = buildFormGroups({
      meta: POST,
      fields: ['name', 'mfa_level', 'is_active', 'password', 'meta'],
    });
    const init = initialValues(groups, { object: { name: 'a', meta: { k: 1 } } });
    expect(init).toMatchObject({ name: 'a', mfa_level: 0, is_active: true, password: '' });
    expect(init.meta).toBe('{\n  "k": 1\n}');
    expect(cleanValues(groups, init)).toEqual({ name: 'a', mfa_level: 0, is_active: true, meta: { k: 1 } });
  });

  it('clones with the clone-from prefix and without the id', () => {
    expect(cloneObject({ id: '1', name: 'web', hostname: 'h' }, 'Clone from')).toEqual({
      name: 'Clone from web',
      hostname: 'Clone from h',
    });
  });
});

describe('server 400 errors → fields', () => {
  it('joins arrays with ";", flattens nested errors, keeps form-level text apart', () => {
    const mapped = mapServerErrors(
      {
        username: ['This field must be unique.', 'Too short'],
        attrs: { host: ['Required'] },
        non_field_errors: ['Nope'],
      },
      new Set(['username', 'attrs']),
    );
    expect(mapped.fields).toEqual({
      username: 'This field must be unique.; Too short',
      attrs: 'host: Required',
    });
    expect(mapped.form).toBe('Nope');
    expect(mapServerErrors(['text']).form).toBe('text');
    expect(mapServerErrors({ detail: 'Bad', code: 'x' }).form).toBe('Bad');
    // A field named `code` (a one-time code) keeps its messages; the string `code` is the error's code.
    expect(mapServerErrors({ code: ['Enter the 6-digit code.'] }).fields).toEqual({
      code: 'Enter the 6-digit code.',
    });
  });

  it('import rows get "column: message" lines using the titles', () => {
    expect(importErrorLines({ email: ['Enter a valid email address.'] }, [['*Email', 'email']])).toEqual([
      'Email: Enter a valid email address.',
    ]);
  });
});
