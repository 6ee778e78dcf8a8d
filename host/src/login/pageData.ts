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
}

/** No page data: every value empty. */
export const EMPTY_LOGIN_PAGE_DATA: Readonly<LoginPageData> = {
  next: '',
  error: '',
  username: '',
  csrfToken: '',
  loginTitle: '',
  loginLogo: '',
  loginImage: '',
  lang: '',
};

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
    };
  } catch {
    return EMPTY_LOGIN_PAGE_DATA;
  }
}
