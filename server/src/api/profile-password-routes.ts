import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../app-context';
import { credentialMessage } from '../auth/credential-messages';
import { checkLoginBlock, clearLoginFailures, recordLoginFailure } from '../auth/login-lockout';
import { loginMessage } from '../auth/login-messages';
import { isAdministrator, passwordProblems } from '../auth/password-policy';
import { verifyPassword } from '../auth/passwords';
import { requireAuth } from '../auth/session-auth';
import { message } from '../engine/messages';
import { ResponseError } from '../http/api-error';
import { clientAddress } from '../http/client-address';
import { requestLanguage } from '../http/language';
import { findUserPasswordHash } from '../data/stores/users';
import { replacePassword } from '../users/password-change';
import { passwordRules } from '../settings/password-rules';
import { loginLimits } from '../settings/settings-values';

export const PROFILE_PASSWORD_URL = '/api/v1/users/profile/password/';

const text = (body: unknown, name: string): string => {
  const value = (body as Record<string, unknown> | null | undefined)?.[name];
  return typeof value === 'string' ? value : '';
};

/**
 * `PUT|PATCH /api/v1/users/profile/password/` `{old_password, new_password, new_password_again}`: a
 * local user changes their own password. The old password is checked under the login lock-out (a stolen
 * session cannot guess it freely), the new one against the password policy; afterwards every other
 * session of the user ends and the one that made the change stays (auth/credential-revocation.ts).
 */
export function registerProfilePasswordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const change = async (request: FastifyRequest) => {
    const auth = requireAuth(request);
    const lang = requestLanguage(request);
    const user = auth.user;
    if (user.source !== 'local')
      throw new ResponseError(400, { detail: credentialMessage('passwordNotLocal', lang), code: 'invalid' });
    const body = request.body;
    const fields = {
      old_password: text(body, 'old_password'),
      new_password: text(body, 'new_password'),
      new_password_again: text(body, 'new_password_again'),
    };
    const errors: Record<string, string[]> = {};
    for (const [name, value] of Object.entries(fields))
      if (value === '') errors[name] = [message('required', lang)];
    if (Object.keys(errors).length > 0) throw new ResponseError(400, errors);

    const ip = clientAddress(request);
    const limits = await loginLimits(ctx.db, ctx.config);
    const blocked = await checkLoginBlock(ctx.db, user.username, ip, limits);
    if (blocked.blocked)
      throw new ResponseError(400, {
        old_password: [
          loginMessage(blocked.blocked === 'ip' ? 'ipBlocked' : 'userBlocked', lang, {
            minutes: blocked.minutes,
          }),
        ],
      });
    if (!(await verifyPassword(fields.old_password, await findUserPasswordHash(ctx.db, user.id)))) {
      await recordLoginFailure(ctx.db, user.username, ip, limits);
      throw new ResponseError(400, { old_password: [credentialMessage('oldPasswordWrong', lang)] });
    }
    await clearLoginFailures(ctx.db, user.username, ip);
    if (fields.new_password !== fields.new_password_again)
      throw new ResponseError(400, { new_password_again: [credentialMessage('newPasswordsDiffer', lang)] });
    const problems = passwordProblems(
      fields.new_password,
      { administrator: isAdministrator(auth.access.bindings) },
      lang,
      await passwordRules(ctx.db),
    );
    if (problems.length > 0) throw new ResponseError(400, { new_password: problems });

    await replacePassword(ctx.db, user.id, fields.new_password, {
      actor: { userId: user.id, sessionId: auth.sessionId, remoteAddr: ip },
      mustChange: false,
    });
    return {};
  };
  app.put(PROFILE_PASSWORD_URL, change);
  app.patch(PROFILE_PASSWORD_URL, change);
}
