/** The paths of the outside sign-in sources (docs/auth-sources.md), as v2.21 has them. */
export const OIDC_LOGIN_PATH = '/core/auth/openid/login/';
export const OIDC_CALLBACK_PATH = '/core/auth/openid/callback/';
export const CAS_LOGIN_PATH = '/core/auth/cas/login/';
export const CAS_CALLBACK_PATH = '/core/auth/cas/callback/';
