import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render } from '@testing-library/react';
import { LoginPage } from '../../../host/src/login/LoginPage';
import { readLoginPageData } from '../../../host/src/login/pageData';
import { testI18n } from './fakes';

afterEach(cleanup);
const t = (key: string) => testI18n().t(key);

describe('login page', () => {
  it('renders the classic form with page data, keeping the typed username', () => {
    const { container, getByTestId } = render(
      <LoginPage
        data={{
          next: '/ui/console/users',
          error: 'Password is wrong',
          username: 'admin',
          csrfToken: 'tok',
          loginTitle: 'Bastion',
          lang: 'en',
        }}
        t={t}
      />,
    );
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(container.querySelector<HTMLInputElement>('#username')!.value).toBe('admin');
    expect(container.querySelector<HTMLInputElement>('#username')!.name).toBe('username');
    const password = container.querySelector<HTMLInputElement>('#password')!;
    expect(password.name).toBe('password');
    expect(password.type).toBe('password');
    expect(container.querySelector<HTMLInputElement>('input[name=csrfmiddlewaretoken]')!.value).toBe('tok');
    expect(container.querySelector<HTMLInputElement>('input[name=next]')!.value).toBe('/ui/console/users');
    expect(getByTestId('login-error').textContent).toBe('Password is wrong');
    expect(container.querySelector('button[type=submit]')!.textContent).toContain('Sign in');
  });

  it('asks for a password before posting', () => {
    const { container, getByTestId } = render(
      <LoginPage
        data={{ next: '', error: '', username: 'admin', csrfToken: '', loginTitle: '', lang: '' }}
        t={t}
      />,
    );
    fireEvent.submit(container.querySelector('form')!);
    expect(getByTestId('login-error').textContent).toBe('Please enter your password');
  });

  it('reads page data defensively', () => {
    document.body.innerHTML =
      '<script type="application/json" id="bastion-login-data">{"next":"/ui/","error":3,"username":"bob"}</script>';
    expect(readLoginPageData(document)).toMatchObject({
      next: '/ui/',
      error: '',
      username: 'bob',
      csrfToken: '',
    });
    document.body.innerHTML = '<script type="application/json" id="bastion-login-data">not json</script>';
    expect(readLoginPageData(document).next).toBe('');
  });
});
