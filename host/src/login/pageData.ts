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
    };
  } catch {
    return EMPTY_LOGIN_PAGE_DATA;
  }
}
