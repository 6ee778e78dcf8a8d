import crypto from 'node:crypto';

/** Session ids: 32 bytes from the CSPRNG, URL-safe. */
export const newSessionId = (): string => crypto.randomBytes(32).toString('base64url');

/** CSRF tokens: 32 bytes from the CSPRNG as 64 hex characters (the shape of Django's token length). */
export const newCsrfToken = (): string => crypto.randomBytes(32).toString('hex');

export const CSRF_TOKEN_PATTERN = /^[0-9a-f]{64}$/;

/** Random password material: 24 random bytes = 32 URL-safe characters (auth/password-policy.ts). */
export const newPassword = (): string => crypto.randomBytes(24).toString('base64url');
