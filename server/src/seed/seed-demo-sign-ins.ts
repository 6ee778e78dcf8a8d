import type { FastifyInstance } from 'fastify';
import { LOGIN_PATH } from '../auth/login-paths';
import { findUserCredentials } from '../data/stores/users';
import { replacePassword } from '../users/password-change';

/** Demo people who sign in at the login form (the first ones twice), and the attempts that fail. */
const SIGN_INS = ['zhangwei', 'wangfang', 'lina', 'auditor', 'orgadmin', 'alice', 'tanaka', 'zhangwei'];
const FAILED = [
  { username: 'liuyang', wrongPassword: true },
  { username: 'nobody', wrongPassword: true },
  { username: 'frank', wrongPassword: false },
] as const;
/** Accounts whose password the administrator sets (back to the demo password: the demo keeps working). */
const ADMIN_RESETS = ['dave', 'frank'];

export interface DemoSignInResult {
  signIns: number;
  failed: number;
  passwordChanges: number;
}

const BROWSER =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';

/** One browser: its cookies kept between requests to the app (in process, no socket). */
async function signInAt(app: FastifyInstance, username: string, password: string): Promise<boolean> {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const page = await app.inject({ method: 'GET', url: LOGIN_PATH, headers: { 'user-agent': BROWSER } });
  for (const item of page.cookies) jar.set(item.name, item.value);
  const form = new URLSearchParams({
    username,
    password,
    csrfmiddlewaretoken: jar.get('jms_csrftoken') ?? '',
  });
  const answer = await app.inject({
    method: 'POST',
    url: LOGIN_PATH,
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie(), 'user-agent': BROWSER },
    payload: form.toString(),
  });
  return answer.statusCode === 302;
}

/**
 * The demo's login and password change logs (docs/demo.md#logs), produced the way people produce them:
 * sign-ins at the real login form (in process, from 127.0.0.1) — some refused — and passwords set by the
 * administrator through the password service. Run once the app is built and its routes are registered.
 */
export async function seedDemoSignIns(app: FastifyInstance, password: string): Promise<DemoSignInResult> {
  const result: DemoSignInResult = { signIns: 0, failed: 0, passwordChanges: 0 };
  for (const username of SIGN_INS) if (await signInAt(app, username, password)) result.signIns += 1;
  for (const item of FAILED)
    if (!(await signInAt(app, item.username, item.wrongPassword ? `${password}-typo` : password)))
      result.failed += 1;
  const admin = (await findUserCredentials(app.db, 'admin'))?.user;
  for (const username of ADMIN_RESETS) {
    const user = (await findUserCredentials(app.db, username))?.user;
    if (!admin || !user) continue;
    await replacePassword(app.db, user.id, password, {
      actor: { userId: admin.id, sessionId: null, remoteAddr: '127.0.0.1' },
      mustChange: false,
    });
    result.passwordChanges += 1;
  }
  return result;
}
