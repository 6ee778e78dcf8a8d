import { describe, expect, it } from 'vitest';
import { classifyHttpError, serverDetail } from './httpErrors';

const url = '/api/v1/users/users/';

describe('classifyHttpError (docs/http.md#errors-and-what-the-console-shows)', () => {
  it('401/403 on the profile call → login at once', () => {
    for (const status of [401, 403]) {
      const e = classifyHttpError({ url: '/api/v1/users/profile/?x=1', status, message: 'x' });
      expect(e.kind).toBe('login-required');
      expect(e.presentation).toBe('redirect');
    }
  });

  it('401 elsewhere → the re-login dialog, no toast', () => {
    const e = classifyHttpError({ url, status: 401, message: 'x' });
    expect(e.kind).toBe('session-expired');
    expect(e.presentation).toBe('dialog');
    expect(e.message).toBe('the account has ended, please log in again');
  });

  it('400 / 403 / 409 carry the fixed, translatable messages', () => {
    const cases = [
      [400, 'bad-request', 'http.badRequest', 'Request error, please check what you filled in'],
      [403, 'forbidden', 'http.forbidden', 'Request error, no permission for this operation'],
      [409, 'conflict', 'http.conflict', 'Updating, please try again later'],
    ] as const;
    for (const [status, kind, key, message] of cases) {
      const e = classifyHttpError({ url, status, data: { detail: 'server text' }, message: 'axios' });
      expect(e.kind).toBe(kind);
      expect(e.i18nKey).toBe(key);
      expect(e.message).toBe(message);
      expect(e.presentation).toBe('toast');
      expect(e.status).toBe(status);
    }
  });

  it('keeps 400 field errors as data', () => {
    const e = classifyHttpError({ url, status: 400, data: { username: ['taken'] }, message: 'x' });
    expect(e.data).toEqual({ username: ['taken'] });
  });

  it('other statuses show the server detail (error, msg, detail), else the error message', () => {
    expect(classifyHttpError({ url, status: 500, data: { error: 'boom' }, message: 'm' }).message).toBe(
      'boom',
    );
    expect(classifyHttpError({ url, status: 502, data: { msg: 'bad gw' }, message: 'm' }).message).toBe(
      'bad gw',
    );
    expect(
      classifyHttpError({ url, status: 404, data: { detail: 'Not found.' }, message: 'm' }).message,
    ).toBe('Not found.');
    const plain = classifyHttpError({
      url,
      status: 500,
      data: '<html>',
      message: 'Request failed with status code 500',
    });
    expect(plain.message).toBe('Request failed with status code 500');
    expect(plain.kind).toBe('server');
    expect(plain.i18nKey).toBeUndefined();
  });

  it('a network error (no response) is rejected without a message', () => {
    const e = classifyHttpError({ url, message: 'Network Error' });
    expect(e.kind).toBe('network');
    expect(e.presentation).toBe('none');
  });

  it('silent requests never toast but keep session side effects', () => {
    expect(classifyHttpError({ url, status: 500, message: 'm', silent: true }).presentation).toBe('none');
    expect(classifyHttpError({ url, status: 401, message: 'm', silent: true }).presentation).toBe('dialog');
  });

  it('serverDetail ignores non-string values', () => {
    expect(serverDetail({ detail: { nested: true } })).toBeNull();
    expect(serverDetail(null)).toBeNull();
  });
});
