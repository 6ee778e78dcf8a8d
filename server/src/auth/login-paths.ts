/** The server-rendered auth pages of docs/auth.md#signing-in. */
export const LOGIN_PATH = '/core/auth/login/';
export const LOGOUT_PATH = '/core/auth/logout/';
/** The MFA step of a sign-in (docs/auth.md#mfa-at-sign-in). */
export const LOGIN_MFA_PATH = '/core/auth/login/mfa/';
/** Sends a code by text message for the MFA step (docs/auth.md#codes-by-text-message). */
export const LOGIN_MFA_SMS_PATH = '/core/auth/login/mfa/send-code/';
