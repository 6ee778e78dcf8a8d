import type { LoginMessages } from './messages';
import type { LoginPageData } from './pageData';

/** A child element with its attributes and children; text is set as text, never parsed as HTML. */
function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  children: Array<Node | string> = [],
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  node.append(...children);
  return node;
}

const EYE =
  'M12 5C5.6 5 2 12 2 12s3.6 7 10 7 10-7 10-7-3.6-7-10-7zm0 11.5a4.5 4.5 0 1 1 0-9 4.5 4.5 0 0 1 0 9zm0-7a2.5 2.5 0 1 0 0 5 2.5 2.5 0 0 0 0-5z';
const EYE_SLASH =
  'M3.3 2.3 2 3.6l3.2 3.2C3.2 8.4 2 10.6 2 12c0 0 3.6 7 10 7 1.9 0 3.5-.6 4.9-1.4l3.5 3.5 1.3-1.3zM12 16.5a4.5 4.5 0 0 1-4.3-5.8l1.6 1.6A2.5 2.5 0 0 0 12 14.5l.1-.1 1.5 1.5c-.5.4-1 .6-1.6.6zM12 5c-1.2 0-2.4.3-3.4.7l2.3 2.3c.4-.1.7-.1 1.1-.1a4.5 4.5 0 0 1 4.5 4.5c0 .4 0 .7-.1 1.1l3.3 3.3C21.3 15 22 12 22 12s-3.6-7-10-7z';

function eyeIcon(path: string): SVGSVGElement {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const shape = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  shape.setAttribute('d', path);
  svg.append(shape);
  return svg;
}

/** The page's message box, showing `initial` (the server's message) until the page shows another. */
function errorArea(initial: string): { errorBox: HTMLDivElement; showError: (text: string) => void } {
  const errorBox = el('div', { class: 'login-error', role: 'alert', 'data-testid': 'login-error' });
  const showError = (text: string): void => {
    errorBox.textContent = text;
    errorBox.hidden = text === '';
  };
  showError(initial);
  return { errorBox, showError };
}

/**
 * The sign-in form in plain DOM: a classic HTML form POST to the page's own URL (the server redirects on
 * success and renders the page again with `error` on failure), so it works with the core's session login as
 * is. An empty field is refused here, before posting, with the field's own message.
 */
export function renderLoginForm(root: HTMLElement, data: LoginPageData, m: LoginMessages): void {
  const { errorBox, showError } = errorArea(data.error);

  const username = el('input', {
    id: 'username',
    name: 'username',
    type: 'text',
    autocomplete: 'username',
    class: 'login-input',
  });
  username.value = data.username;
  const password = el('input', {
    id: 'password',
    name: 'password',
    type: 'password',
    autocomplete: 'current-password',
    class: 'login-input login-input-with-toggle',
  });
  const toggle = el('button', { type: 'button', class: 'login-toggle', 'data-testid': 'password-toggle' });
  const showMask = (masked: boolean): void => {
    password.type = masked ? 'password' : 'text';
    toggle.setAttribute('aria-label', masked ? m.showPassword : m.hidePassword);
    toggle.setAttribute('aria-pressed', String(!masked));
    toggle.replaceChildren(eyeIcon(masked ? EYE : EYE_SLASH));
  };
  showMask(true);
  toggle.addEventListener('click', () => showMask(password.type === 'text'));

  const csrf = el('input', { type: 'hidden', name: 'csrfmiddlewaretoken' });
  csrf.value = data.csrfToken;
  const next = el('input', { type: 'hidden', name: 'next' });
  next.value = data.next;

  const form = el('form', { method: 'post', novalidate: '' }, [
    csrf,
    next,
    el('div', { class: 'login-field' }, [el('label', { for: 'username' }, [m.username]), username]),
    el('div', { class: 'login-field' }, [
      el('label', { for: 'password' }, [m.password]),
      el('div', { class: 'login-password' }, [password, toggle]),
    ]),
    el('button', { type: 'submit', class: 'login-submit' }, [m.submit]),
    el(
      'a',
      {
        class: 'login-back',
        href: data.forgotPasswordUrl || FORGOT_PASSWORD_PATH,
        'data-testid': 'forgot-password',
      },
      [m.forgotPassword],
    ),
  ]);
  // The outside sign-in sources (docs/auth-sources.md): plain links, the server starts the flow.
  const sources = data.sources.length
    ? [
        el('div', { class: 'login-sources' }, [
          el('span', { class: 'login-sources-title' }, [m.otherSources]),
          ...data.sources.map((source) =>
            el(
              'a',
              {
                class: 'login-source',
                href: source.url,
                'data-testid': `login-source-${source.id.toLowerCase()}`,
              },
              [source.label],
            ),
          ),
        ]),
      ]
    : [];
  form.addEventListener('submit', (event) => {
    if (!username.value.trim()) {
      event.preventDefault();
      showError(m.usernameRequired);
      username.focus();
    } else if (!password.value) {
      event.preventDefault();
      showError(m.passwordRequired);
      password.focus();
    }
  });

  showCard(root, data, m, errorBox, form, ...sources);
  // The field to type into next: the password when the server kept the username after a failed attempt.
  (data.username ? password : username).focus();
}

function showCard(
  root: HTMLElement,
  data: LoginPageData,
  m: LoginMessages,
  ...content: Array<Node | string>
): void {
  const logo = data.loginLogo
    ? [el('img', { class: 'login-logo', src: data.loginLogo, alt: '', 'data-testid': 'login-logo' })]
    : [];
  const picture = data.loginImage
    ? [el('img', { class: 'login-image', src: data.loginImage, alt: '', 'data-testid': 'login-image' })]
    : [];
  root.replaceChildren(
    el('main', { class: 'login-page' }, [
      ...picture,
      el('div', { class: 'login-card' }, [
        ...logo,
        el('h1', {}, [data.loginTitle || m.title]),
        el('p', { class: 'login-subtitle' }, [
          data.mfa === 'enrol' ? m.enrolTitle : data.mfa ? m.mfaTitle : m.title,
        ]),
        ...content,
      ]),
    ]),
  );
}

/**
 * The MFA step of a sign-in (docs/auth.md#mfa-at-sign-in): a one-time code, preceded for a user who must
 * enrol first by the secret and its QR code. Posts to the server's MFA page, which signs in or says why not.
 */
export function renderMfaForm(root: HTMLElement, data: LoginPageData, m: LoginMessages): void {
  const { errorBox, showError } = errorArea(data.error);
  const code = el('input', {
    id: 'code',
    name: 'code',
    type: 'text',
    inputmode: 'numeric',
    autocomplete: 'one-time-code',
    maxlength: '6',
    class: 'login-input',
    'data-testid': 'mfa-code',
  });
  const csrf = el('input', { type: 'hidden', name: 'csrfmiddlewaretoken' });
  csrf.value = data.csrfToken;
  const mfaType = el('input', { type: 'hidden', name: 'mfa_type', value: 'otp' });
  const enrolment =
    data.mfa === 'enrol'
      ? [
          el('p', { class: 'login-hint' }, [m.enrolHint]),
          ...(data.otpQr
            ? [el('img', { class: 'login-qr', src: data.otpQr, alt: m.qrAlt, width: '180', height: '180' })]
            : []),
          el('p', { class: 'login-hint' }, [
            `${m.enrolSecret}: `,
            el('code', { 'data-testid': 'mfa-secret' }, [data.otpSecret]),
          ]),
        ]
      : [el('p', { class: 'login-hint' }, [m.mfaHint])];
  const sms = data.smsPhone ? smsMethod(data, m, showError, mfaType, enrolment) : null;
  const form = el('form', { method: 'post', action: MFA_PATH, novalidate: '' }, [
    csrf,
    mfaType,
    el('div', { class: 'login-field' }, [
      el('label', { for: 'code' }, [m.mfaCode]),
      el('div', { class: 'login-code-row' }, [code, ...(sms ? [sms.send] : [])]),
    ]),
    el('button', { type: 'submit', class: 'login-submit', 'data-testid': 'mfa-submit' }, [m.mfaSubmit]),
  ]);
  form.addEventListener('submit', (event) => {
    if (!/^\d{6}$/.test(code.value.trim())) {
      event.preventDefault();
      showError(mfaType.value === 'sms' ? m.smsCodeRequired : m.codeRequired);
      code.focus();
    }
  });
  const back = el('a', { class: 'login-back', href: LOGIN_PATH }, [m.backToLogin]);
  showCard(root, data, m, ...(sms ? sms.choice : []), ...enrolment, errorBox, form, back);
  code.focus();
}

/** `{{name}}` placeholders of a login string filled in. */
const fill = (text: string, values: Record<string, string | number>): string =>
  text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(values[name] ?? whole));

/**
 * The choice of a code by text message at the MFA step (docs/auth.md#codes-by-text-message): the method
 * radios above the form, and a "send code" button beside the code that asks the server to send one and then
 * waits out the cool-down the server names. The authenticator's hints hide while the text message is chosen.
 */
function smsMethod(
  data: LoginPageData,
  m: LoginMessages,
  showError: (text: string) => void,
  mfaType: HTMLInputElement,
  otpHints: HTMLElement[],
): { choice: HTMLElement[]; send: HTMLButtonElement } {
  const notice = el('p', { class: 'login-hint', role: 'status', 'data-testid': 'mfa-sms-notice' });
  const send = el('button', { type: 'button', class: 'login-send', 'data-testid': 'mfa-send-code' }, [
    m.sendCode,
  ]);
  const radio = (value: 'otp' | 'sms', label: string) => {
    const input = el('input', {
      type: 'radio',
      name: 'mfa_method',
      value,
      'data-testid': `mfa-method-${value}`,
    });
    input.addEventListener('change', () => choose(value));
    return { input, label: el('label', { class: 'login-method' }, [input, label]) };
  };
  const otp = radio('otp', m.methodOtp);
  const bySms = radio('sms', m.methodSms);
  const choose = (value: 'otp' | 'sms'): void => {
    mfaType.value = value;
    otp.input.checked = value === 'otp';
    bySms.input.checked = value === 'sms';
    for (const hint of otpHints) hint.hidden = value === 'sms';
    send.hidden = value !== 'sms';
    notice.textContent = value === 'sms' ? fill(m.smsHint, { phone: data.smsPhone }) : '';
    notice.hidden = value !== 'sms';
  };
  let timer: ReturnType<typeof setInterval> | undefined;
  const coolDown = (seconds: number): void => {
    clearInterval(timer);
    let left = seconds;
    const tick = (): void => {
      send.disabled = left > 0;
      send.textContent = left > 0 ? fill(m.resendIn, { seconds: left }) : m.sendCode;
      if (left-- <= 0) clearInterval(timer);
    };
    tick();
    timer = setInterval(tick, 1000);
  };
  send.addEventListener('click', () => {
    send.disabled = true;
    void fetch(SEND_CODE_PATH, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrfmiddlewaretoken: data.csrfToken }).toString(),
    })
      .then(async (response) => {
        const answer = (await response.json()) as { msg?: string; error?: string; cool_down?: number };
        showError(answer.error ?? '');
        if (answer.msg) notice.textContent = answer.msg;
        coolDown(answer.cool_down ?? 0);
      })
      .catch(() => {
        showError(m.sendFailed);
        coolDown(0);
      });
  });
  choose(data.mfaType === 'sms' ? 'sms' : 'otp');
  return {
    choice: [el('div', { class: 'login-methods', role: 'radiogroup' }, [otp.label, bySms.label]), notice],
    send,
  };
}

const LOGIN_PATH = '/core/auth/login/';
/** The forgotten-password form: a reset link by mail (docs/mail.md#password-reset-links). */
const FORGOT_PASSWORD_PATH = '/core/auth/password/forgot/';
const MFA_PATH = '/core/auth/login/mfa/';
/** Sends a code by text message for the MFA step; under the pending sign-in cookie's path. */
const SEND_CODE_PATH = '/core/auth/login/mfa/send-code/';
