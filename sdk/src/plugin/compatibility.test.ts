import { describe, expect, it } from 'vitest';
import { checkCompatibility } from './compatibility';

describe('checkCompatibility', () => {
  it('accepts versions inside both ranges', () => {
    expect(checkCompatibility({ hostRange: '^0.1.0', sdkRange: '>=0.1.0 <0.2.0' }, '0.1.3', '0.1.0')).toEqual(
      { ok: true },
    );
  });

  it('names the host when the host is too old or too new', () => {
    const r = checkCompatibility({ hostRange: '^0.2.0', sdkRange: '^0.1.0' }, '0.1.0', '0.1.0');
    expect(r).toMatchObject({ ok: false, subject: 'host', required: '^0.2.0', actual: '0.1.0' });
    if (!r.ok) expect(r.message).toBe('needs host ^0.2.0, this is 0.1.0');
  });

  it('names the SDK when only the SDK does not match', () => {
    expect(checkCompatibility({ hostRange: '*', sdkRange: '^1.0.0' }, '0.1.0', '0.1.0')).toMatchObject({
      ok: false,
      subject: 'sdk',
    });
  });

  it('refuses invalid or missing ranges', () => {
    expect(
      checkCompatibility({ hostRange: 'not a range!', sdkRange: '^0.1.0' }, '0.1.0', '0.1.0'),
    ).toMatchObject({
      ok: false,
      subject: 'host',
    });
    expect(checkCompatibility({ hostRange: '^0.1.0', sdkRange: '' }, '0.1.0', '0.1.0')).toMatchObject({
      ok: false,
      subject: 'sdk',
    });
  });
});
