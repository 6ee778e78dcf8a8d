/** The page data the server renders into the login page (`#bastion-login-data`). */
export interface LoginPageData {
  next: string;
  error: string;
  username: string;
  csrfToken: string;
  loginTitle: string;
  /** Same-origin URLs of the interface settings' logo and login picture (docs/interface.md); '' for none. */
  loginLogo: string;
  loginImage: string;
  lang: string;
  /** The MFA step of the sign-in: '' the password form, 'otp' a code, 'enrol' enrolment first. */
  mfa: '' | 'otp' | 'enrol';
  otpSecret: string;
  /** The enrolment QR code; only a `data:image/svg+xml` URL is taken. */
  otpQr: string;
  /** The MFA step may take a code by text message sent to this (masked) number; '' when not offered. */
  smsPhone: string;
  /** The method the last code was typed for ('sms' after a refused text-message code), else ''. */
  mfaType: '' | 'sms';
  /** The outside sign-in sources that are on (docs/auth-sources.md): a button each, to a path of this server. */
  sources: { id: string; label: string; url: string }[];
  /** An http(s) address the Auth settings name for "forgot password"; '' for the console's own page. */
  forgotPasswordUrl: string;
}

/** The page data of a page that carries none (also the base of the tests' page data). */
export const EMPTY_LOGIN_PAGE_DATA: LoginPageData = Object.freeze({
  next: '',
  error: '',
  username: '',
  csrfToken: '',
  loginTitle: '',
  loginLogo: '',
  loginImage: '',
  lang: '',
  mfa: '',
  otpSecret: '',
  otpQr: '',
  smsPhone: '',
  mfaType: '',
  sources: [],
  forgotPasswordUrl: '',
});

const QR_PREFIX = 'data:image/svg+xml;base64,';

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

/** Only a path on this server: page data never points the page at another origin or a script URL. */
function localPath(value: unknown): string {
  const text = str(value);
  return text.startsWith('/') && !text.startsWith('//') ? text : '';
}

/** Only an http(s) address: never a `javascript:` or other scheme into a link. */
function webUrl(value: unknown): string {
  const text = str(value);
  return /^https?:\/\//i.test(text) ? text : '';
}

function sources(value: unknown): LoginPageData['sources'] {
  if (!Array.isArray(value)) return [];
  return value
    .map((item: unknown) => {
      const o = (item ?? {}) as Record<string, unknown>;
      return { id: str(o.id), label: str(o.label), url: localPath(o.url) };
    })
    .filter((s) => s.label !== '' && s.url !== '');
}

/** Read and sanitise the page data; a missing or malformed script gives empty values, never a crash. */
export function readLoginPageData(doc: Document): LoginPageData {
  const text = doc.getElementById('bastion-login-data')?.textContent;
  if (!text) return EMPTY_LOGIN_PAGE_DATA;
  try {
    const raw: unknown = JSON.parse(text);
    if (!raw || typeof raw !== 'object') return EMPTY_LOGIN_PAGE_DATA;
    const o = raw as Record<string, unknown>;
    return {
      next: str(o.next),
      error: str(o.error),
      username: str(o.username),
      csrfToken: str(o.csrfToken),
      loginTitle: str(o.loginTitle),
      loginLogo: localPath(o.loginLogo),
      loginImage: localPath(o.loginImage),
      lang: str(o.lang),
      mfa: o.mfa === 'otp' || o.mfa === 'enrol' ? o.mfa : '',
      otpSecret: str(o.otpSecret),
      otpQr: str(o.otpQr).startsWith(QR_PREFIX) ? str(o.otpQr) : '',
      smsPhone: str(o.smsPhone),
      mfaType: o.mfaType === 'sms' ? 'sms' : '',
      sources: sources(o.sources),
      forgotPasswordUrl: webUrl(o.forgotPasswordUrl),
    };
  } catch {
    return EMPTY_LOGIN_PAGE_DATA;
  }
}
