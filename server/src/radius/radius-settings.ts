import type { ServerConfig } from '../config';
import type { Database } from '../data/database';
import { categoryValues, settingSecret } from '../settings/settings-values';
import type { RadiusServer } from './radius-client';

/**
 * How long one Access-Request waits before it is sent again, and how many times it is sent: a sign-in that
 * gets no answer ends with an error after 3 × 2 s (docs/auth-radius-saml.md#radius).
 */
export const RADIUS_TIMEOUT_MS = 2000;
export const RADIUS_TRIES = 3;

export interface RadiusSettings extends RadiusServer {
  enabled: boolean;
  otpInRadius: boolean;
}

/** The RADIUS settings in force, the shared secret opened (for the server's own use only). */
export async function radiusSettings(db: Database, config: ServerConfig): Promise<RadiusSettings> {
  const v = await categoryValues(db, config, 'radius');
  return {
    enabled: v.AUTH_RADIUS === true,
    otpInRadius: v.OTP_IN_RADIUS === true,
    host: String(v.RADIUS_SERVER ?? 'localhost'),
    port: Number(v.RADIUS_PORT ?? 1812),
    secret: await settingSecret(db, config, 'RADIUS_SECRET'),
    timeoutMs: RADIUS_TIMEOUT_MS,
    tries: RADIUS_TRIES,
  };
}
