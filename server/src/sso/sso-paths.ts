/** The paths of the outside sign-in sources (docs/auth-sources.md), as v2.21 has them. */
export const OIDC_LOGIN_PATH = '/core/auth/openid/login/';
export const OIDC_CALLBACK_PATH = '/core/auth/openid/callback/';
export const CAS_LOGIN_PATH = '/core/auth/cas/login/';
export const CAS_CALLBACK_PATH = '/core/auth/cas/callback/';
export const SAML2_METADATA_PATH = '/core/auth/saml2/metadata/';
export const SAML2_LOGIN_PATH = '/core/auth/saml2/login/';
export const SAML2_ACS_PATH = '/core/auth/saml2/callback/';
export const SAML2_LOGOUT_PATH = '/core/auth/saml2/logout/';

/** WeCom, DingTalk and FeiShu: QR sign-in, binding and their callbacks; unbinding (both v2.21 spellings). */
export const imPaths = (source: 'wecom' | 'dingtalk' | 'feishu') => ({
  login: `/core/auth/${source}/qr/login/`,
  loginCallback: `/core/auth/${source}/qr/login/callback/`,
  bind: `/core/auth/${source}/qr/bind/`,
  bindCallback: `/core/auth/${source}/qr/bind/callback/`,
  unbind: [`/api/v1/authentication/${source}/qr/unbind/`, `/api/v1/authentication/${source}/unbind/`],
});
