/** The paths of the outside sign-in sources (docs/auth-sources.md), as v2.21 has them. */
export const OIDC_LOGIN_PATH = '/core/auth/openid/login/';
export const OIDC_CALLBACK_PATH = '/core/auth/openid/callback/';
