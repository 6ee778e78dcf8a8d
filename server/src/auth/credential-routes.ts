import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../app-context';
import { registerAccessKeyRoutes } from './access-key-routes';
import { registerOtpVerifyRoutes } from './mfa-verify';
import { registerTempTokenRoutes } from './temp-tokens';

/**
 * The user's own credentials beyond the password (docs/auth.md#access-keys-and-signed-requests,
 * docs/auth.md#temporary-passwords, docs/auth.md#mfa): access keys, temporary passwords and the MFA gate
 * before secrets. Signing with a key is handled in
 * session-auth.ts (signature-auth.ts), using a temporary password in login-routes.ts.
 */
export function registerCredentialRoutes(app: FastifyInstance, ctx: AppContext): void {
  registerAccessKeyRoutes(app, ctx);
  registerTempTokenRoutes(app, ctx);
  registerOtpVerifyRoutes(app, ctx);
}
