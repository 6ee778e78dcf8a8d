import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Http, HttpError, ServiceLocatorContext } from '@bastion/sdk';
import { MfaDialog } from '../../../sdk/src/crud/ui/MfaDialog';
import { TagSearch } from '../../../sdk/src/crud/ui/TagSearch';
import { fakeLocator } from '../host/fakes';

afterEach(cleanup);

const notFound = (url: string) =>
  new HttpError({ kind: 'server', status: 404, url, message: 'Not found', data: { detail: 'Not found.' } });

describe('MFA dialog (docs/crud.md#mfa-verification)', () => {
  it('reports done at once when already verified', async () => {
    const onVerified = vi.fn();
    const http = { get: vi.fn(() => Promise.resolve({})), post: vi.fn() };
    render(
      <ServiceLocatorContext.Provider value={fakeLocator(new Map([[Http, http]]))}>
        <MfaDialog onVerified={onVerified} onCancel={() => undefined} />
      </ServiceLocatorContext.Provider>,
    );
    await waitFor(() => expect(onVerified).toHaveBeenCalled());
    expect(screen.queryByTestId('mfa-code')).toBeNull();
  });

  it('asks for a 6-character code, shows the error when the server refuses (or has no such endpoint), reports cancel', async () => {
    const onVerified = vi.fn();
    const onCancel = vi.fn();
    const url = '/api/v1/authentication/otp/verify/';
    const http = {
      get: vi.fn(() => Promise.reject(notFound(url))),
      post: vi.fn(() => Promise.reject(notFound(url))),
    };
    render(
      <ServiceLocatorContext.Provider value={fakeLocator(new Map([[Http, http]]))}>
        <MfaDialog onVerified={onVerified} onCancel={onCancel} />
      </ServiceLocatorContext.Provider>,
    );
    const input = await screen.findByTestId('mfa-code');
    fireEvent.change(input, { target: { value: '123' } });
    fireEvent.click(screen.getByTestId('mfa-confirm'));
    expect((await screen.findByTestId('mfa-error')).textContent).toContain('MFA Error, please check');
    expect(http.post).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('mfa-confirm'));
    await waitFor(() => expect(http.post).toHaveBeenCalledWith(url, { code: '123456' }, { silent: true }));
    await waitFor(() => expect(screen.getByTestId('mfa-error').textContent).toContain('Not found.'));
    expect(onVerified).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('mfa-cancel'));
    expect(onCancel).toHaveBeenCalled();
  });
});

describe('tag search', () => {
  it('turns free text into a search tag and a picked field choice into a field tag', () => {
    const onChange = vi.fn();
    render(
      <ServiceLocatorContext.Provider value={fakeLocator()}>
        <MemoryRouter>
          <TagSearch
            options={[{ value: 'source', label: 'Source', choices: [{ value: 'ldap', label: 'LDAP/AD' }] }]}
            value={{ search: [], filters: {} }}
            onChange={onChange}
          />
        </MemoryRouter>
      </ServiceLocatorContext.Provider>,
    );
    const input = screen.getByTestId('tag-search-input');
    fireEvent.change(input, { target: { value: 'bob' } });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenLastCalledWith({ search: ['bob'], filters: {} });
    fireEvent.focus(input);
    fireEvent.mouseDown(screen.getByTestId('tag-search-option-source'));
    fireEvent.mouseDown(screen.getByTestId('tag-search-choice-ldap'));
    expect(onChange).toHaveBeenLastCalledWith({ search: [], filters: { source: 'ldap' } });
  });
});
