import type { LoginLimits } from '../config';
import type { Database } from '../data/database';
import {
  clearFailures,
  findBlock,
  findBlockedKeys,
  incrementFailure,
  isBlockedNow,
  setBlock,
} from '../data/stores/login-failures';

/**
 * docs/auth.md#signing-in lock-out: failures are counted per (username, client address); reaching the limit
 * blocks the username everywhere. A second counter per client address blocks the address itself.
 */
export type LockState = { blocked: false } | { blocked: 'user' | 'ip'; minutes: number };

const userIpKey = (username: string, ip: string): string => `${username}\n${ip}`;

export async function checkLoginBlock(
  db: Database,
  username: string,
  ip: string,
  limits: LoginLimits,
): Promise<LockState> {
  const now = Date.now();
  if (await findBlock(db, 'ip', ip, now)) return { blocked: 'ip', minutes: limits.ipLimitMinutes };
  if (await findBlock(db, 'user', username, now))
    return { blocked: 'user', minutes: limits.userLimitMinutes };
  return { blocked: false };
}

export async function isUsernameBlocked(db: Database, username: string): Promise<boolean> {
  return isBlockedNow(db, 'user', username, Date.now());
}

/** Records one failure; returns how many tries remain before the username is blocked (0 = now blocked). */
export async function recordLoginFailure(
  db: Database,
  username: string,
  ip: string,
  limits: LoginLimits,
): Promise<{ remaining: number; state: LockState }> {
  const now = Date.now();
  const userWindow = limits.userLimitMinutes * 60_000;
  const ipWindow = limits.ipLimitMinutes * 60_000;
  const userCount = await incrementFailure(db, 'user_ip', userIpKey(username, ip), userWindow, now);
  const ipCount = await incrementFailure(db, 'ip', ip, ipWindow, now);
  if (ipCount >= limits.ipLimitCount) {
    await setBlock(db, 'ip', ip, now + ipWindow);
    await clearFailures(db, 'ip', ip);
  }
  if (userCount >= limits.userLimitCount) {
    await setBlock(db, 'user', username, now + userWindow);
    await clearFailures(db, 'user_ip', userIpKey(username, ip));
  }
  const remaining = Math.max(0, limits.userLimitCount - userCount);
  if (ipCount >= limits.ipLimitCount)
    return { remaining, state: { blocked: 'ip', minutes: limits.ipLimitMinutes } };
  if (remaining === 0) return { remaining, state: { blocked: 'user', minutes: limits.userLimitMinutes } };
  return { remaining, state: { blocked: false } };
}

/**
 * A successful login clears the (username, address) counter. The per-address counter stays: otherwise one
 * valid account would let an attacker reset the address limit between guesses at other accounts.
 */
export async function clearLoginFailures(db: Database, username: string, ip: string): Promise<void> {
  await clearFailures(db, 'user_ip', userIpKey(username, ip));
}

export async function blockedUsernames(db: Database, usernames: readonly string[]): Promise<Set<string>> {
  return findBlockedKeys(db, 'user', usernames, Date.now());
}
