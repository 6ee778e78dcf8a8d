import { afterEach, describe, expect, it } from 'vitest';
import { renderLoginForm, renderMfaForm } from '../../../host/src/login/LoginForm';
import { LOGIN_MESSAGES } from '../../../host/src/login/messages';
import {
  EMPTY_LOGIN_PAGE_DATA,
  readLoginPageData,
  type LoginPageData,
} from '../../../host/src/login/pageData';
import { readWarmUrls, warmUp } from '../../../host/src/login/warmUp';

const EMPTY = EMPTY_LOGIN_PAGE_DATA;

function show(data: Partial<LoginPageData>, lng: 'zh' | 'en' | 'ja' = 'en'): HTMLElement {
  const root = document.createElement('div');
  document.body.replaceChildren(root);
  renderLoginForm(root, { ...EMPTY, ...data }, LOGIN_MESSAGES[lng]);
  return root;
}

const q = <T extends Element = HTMLInputElement>(root: ParentNode, selector: string): T =>
  root.querySelector<T>(selector)!;

/** Submits as the browser does; true when the form would be posted. */
function submit(root: HTMLElement): boolean {
  const event = new Event('submit', { cancelable: true });
  q<HTMLFormElement>(root, 'form').dispatchEvent(event);
  return !event.defaultPrevented;
}

afterEach(() => {
  document.body.replaceChildren();
  document.head.replaceChildren();
});

describe('login form', () => {
  it('renders the classic form with page data, keeping the typed username', () => {
    const root = show({
      next: '/ui/console/users',
      error: 'Password is wrong',
      username: 'admin',
      csrfToken: 'tok',
      loginTitle: 'Bastion',
    });
    const form = q<HTMLFormElement>(root, 'form');
    expect(form.getAttribute('method')).toBe('post');
    expect(form.noValidate).toBe(true);
    expect(q(root, '#username').value).toBe('admin');
    expect(q(root, '#username').name).toBe('username');
    expect(q(root, '#password').name).toBe('password');
    expect(q(root, '#password').type).toBe('password');
    // The way to a reset link by mail.
    const forgot = q<HTMLAnchorElement>(root, '[data-testid="forgot-password"]');
    expect(forgot.getAttribute('href')).toBe('/core/auth/password/forgot/');
    expect(forgot.textContent).toBe('Forgot password?');
    expect(q(root, 'input[name=csrfmiddlewaretoken]').value).toBe('tok');
    expect(q(root, 'input[name=next]').value).toBe('/ui/console/users');
    expect(q(root, '[data-testid="login-error"]').textContent).toBe('Password is wrong');
    expect(q(root, 'h1').textContent).toBe('Bastion');
    expect(q(root, 'button[type=submit]').textContent).toBe('Sign in');
    // After a failed attempt the password is the field to type into.
    expect(document.activeElement).toBe(q(root, '#password'));
  });

  it('shows the interface settings’ logo and login picture, and nothing without them', () => {
    const root = show({ loginLogo: '/logo.png?v=1', loginImage: '/image.png?v=2' });
    expect(q<HTMLImageElement>(root, '[data-testid="login-logo"]').getAttribute('src')).toBe('/logo.png?v=1');
    expect(q<HTMLImageElement>(root, '[data-testid="login-image"]').getAttribute('src')).toBe(
      '/image.png?v=2',
    );
    expect(show({}).querySelector('img')).toBeNull();
  });

  it('takes only paths on this server for the images from the page data', () => {
    const page = (data: Record<string, unknown>) => {
      const doc = document.implementation.createHTMLDocument();
      const script = doc.createElement('script');
      script.id = 'bastion-login-data';
      script.textContent = JSON.stringify(data);
      doc.body.append(script);
      return readLoginPageData(doc);
    };
    expect(page({ loginLogo: '/a.png', loginImage: 'javascript:alert(1)' })).toMatchObject({
      loginLogo: '/a.png',
      loginImage: '',
    });
    expect(page({ loginLogo: '//evil.example/a.png' }).loginLogo).toBe('');
  });

  it('shows no error box without an error, and focuses the username', () => {
    const root = show({});
    expect(q(root, '[data-testid="login-error"]').hidden).toBe(true);
    expect(q(root, 'h1').textContent).toBe('Sign in');
    expect(document.activeElement).toBe(q(root, '#username'));
  });

  it('asks for the username, then the password, before posting', () => {
    const root = show({});
    expect(submit(root)).toBe(false);
    expect(q(root, '[data-testid="login-error"]').textContent).toBe('Please enter your username');
    q(root, '#username').value = 'admin';
    expect(submit(root)).toBe(false);
    expect(q(root, '[data-testid="login-error"]').textContent).toBe('Please enter your password');
    q(root, '#password').value = 'secret';
    expect(submit(root)).toBe(true);
  });

  it('shows and hides the password with its button', () => {
    const root = show({});
    const toggle = q<HTMLButtonElement>(root, '[data-testid="password-toggle"]');
    expect(toggle.type).toBe('button');
    expect(toggle.getAttribute('aria-label')).toBe('Show password');
    toggle.click();
    expect(q(root, '#password').type).toBe('text');
    expect(toggle.getAttribute('aria-label')).toBe('Hide password');
    toggle.click();
    expect(q(root, '#password').type).toBe('password');
  });

  it('speaks the chosen language', () => {
    const root = show({}, 'zh');
    expect(q(root, 'label[for=username]').textContent).toBe('用户名');
    expect(q(root, 'button[type=submit]').textContent).toBe('登录');
    expect(submit(root)).toBe(false);
    expect(q(root, '[data-testid="login-error"]').textContent).toBe('请输入用户名');
    expect(show({}, 'ja').querySelector('label[for=password]')!.textContent).toBe('パスワード');
  });

  it('renders server text as text, never as markup', () => {
    const root = show({ error: '<img src=x onerror=alert(1)>', loginTitle: '<b>x</b>' });
    expect(root.querySelector('img, b')).toBeNull();
    expect(q(root, '[data-testid="login-error"]').textContent).toBe('<img src=x onerror=alert(1)>');
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

describe('MFA step', () => {
  it('asks for a code, refuses anything but six digits before posting, posts to the MFA page', () => {
    const root = document.createElement('div');
    document.body.replaceChildren(root);
    renderMfaForm(
      root,
      { ...EMPTY, mfa: 'otp', csrfToken: 'tok', error: 'Code is invalid' },
      LOGIN_MESSAGES.en,
    );
    expect(q<HTMLFormElement>(root, 'form').getAttribute('action')).toBe('/core/auth/login/mfa/');
    expect(q(root, 'input[name=csrfmiddlewaretoken]').value).toBe('tok');
    expect(q(root, '[data-testid="login-error"]').textContent).toBe('Code is invalid');
    expect(root.querySelector('[data-testid="mfa-secret"]')).toBeNull();
    q(root, '#code').value = '12a456';
    expect(submit(root)).toBe(false);
    expect(q(root, '[data-testid="login-error"]').textContent).toBe(
      'Enter the 6-digit code of your authenticator',
    );
    q(root, '#code').value = '123456';
    expect(submit(root)).toBe(true);
  });

  it('shows the secret and QR code to enrol; only an SVG data URL is taken as the QR code', () => {
    const qr = 'data:image/svg+xml;base64,PHN2Zy8+';
    document.body.innerHTML = `<script type="application/json" id="bastion-login-data">${JSON.stringify({
      mfa: 'enrol',
      otpSecret: 'JBSWY3DPEHPK3PXP',
      otpQr: qr,
    })}</script>`;
    expect(readLoginPageData(document)).toMatchObject({ mfa: 'enrol', otpQr: qr });
    document.body.innerHTML = `<script type="application/json" id="bastion-login-data">${JSON.stringify({
      mfa: 'sms',
      otpQr: 'javascript:alert(1)',
    })}</script>`;
    expect(readLoginPageData(document)).toMatchObject({ mfa: '', otpQr: '' });

    const root = document.createElement('div');
    document.body.replaceChildren(root);
    renderMfaForm(
      root,
      { ...EMPTY, mfa: 'enrol', otpSecret: 'JBSWY3DPEHPK3PXP', otpQr: qr },
      LOGIN_MESSAGES.ja,
    );
    expect(q(root, '[data-testid="mfa-secret"]').textContent).toBe('JBSWY3DPEHPK3PXP');
    expect(q<HTMLImageElement>(root, 'img.login-qr').getAttribute('src')).toBe(qr);
    expect(q(root, '.login-subtitle').textContent).toBe(LOGIN_MESSAGES.ja.enrolTitle);
  });

  it('offers a code by text message only when the server does, and switches the form to it', () => {
    const root = document.createElement('div');
    document.body.replaceChildren(root);
    renderMfaForm(root, { ...EMPTY, mfa: 'otp', csrfToken: 'tok' }, LOGIN_MESSAGES.en);
    expect(root.querySelector('[data-testid="mfa-method-sms"]')).toBeNull();
    expect(q(root, 'input[name=mfa_type]').value).toBe('otp');

    renderMfaForm(
      root,
      { ...EMPTY, mfa: 'otp', csrfToken: 'tok', smsPhone: '138****5678' },
      LOGIN_MESSAGES.en,
    );
    const send = q<HTMLButtonElement>(root, '[data-testid="mfa-send-code"]');
    const otpHint = q<HTMLParagraphElement>(root, 'p.login-hint:not([role])');
    expect(q(root, '[data-testid="mfa-method-otp"]').checked).toBe(true);
    expect([send.hidden, otpHint.hidden]).toEqual([true, false]);

    q(root, '[data-testid="mfa-method-sms"]').click();
    expect(q(root, 'input[name=mfa_type]').value).toBe('sms');
    expect([send.hidden, otpHint.hidden]).toEqual([false, true]);
    expect(send.textContent).toBe('Send code');
    expect(q(root, '[data-testid="mfa-sms-notice"]').textContent).toBe(
      'A code will be sent by text message to 138****5678.',
    );
    q(root, '#code').value = '12';
    expect(submit(root)).toBe(false);
    expect(q(root, '[data-testid="login-error"]').textContent).toBe(
      'Enter the 6-digit code from the text message',
    );

    // After a refused text-message code the page comes back with that method chosen.
    renderMfaForm(root, { ...EMPTY, mfa: 'otp', smsPhone: '138****5678', mfaType: 'sms' }, LOGIN_MESSAGES.zh);
    expect(q(root, '[data-testid="mfa-method-sms"]').checked).toBe(true);
    expect(q(root, 'input[name=mfa_type]').value).toBe('sms');
    expect(q(root, '[data-testid="mfa-send-code"]').textContent).toBe('发送验证码');
  });
});

describe('console warm-up', () => {
  it('prefetches only the console files the server listed', () => {
    document.body.innerHTML =
      '<script type="application/json" id="bastion-warm">["/ui/libs/loader-1.js","//evil.example/x.js","https://x/y.js",3]</script>';
    const urls = readWarmUrls(document);
    expect(urls).toEqual(['/ui/libs/loader-1.js']);
    warmUp(document, urls);
    const links = [...document.head.querySelectorAll('link')];
    expect(links.map((l) => [l.rel, l.getAttribute('href')])).toEqual([['prefetch', '/ui/libs/loader-1.js']]);
  });
});
