import net from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The client's address, for lock-outs, login ACLs, sessions and logs (docs/security.md "Trusted proxies").
 *
 * By default it is the TCP peer: forwarding headers (X-Forwarded-For, X-Real-IP) are never read, since
 * trusting them let attackers dodge the v2.21 login lock-out (CVE-2023-46123). Only when the operator names
 * the reverse proxies in `BASTION_TRUSTED_PROXIES` and the peer is one of them, Fastify's `trustProxy`
 * (@fastify/proxy-addr) walks `X-Forwarded-For` from the right and stops at the first address that is not a
 * trusted proxy: entries a client wrote itself lie further left and are never reached. A malformed entry
 * there (a proxy passing garbage on) falls back to the peer address.
 */
export function clientAddress(request: FastifyRequest): string {
  const peer = request.socket.remoteAddress ?? 'unknown';
  const address = request.ip;
  return typeof address === 'string' && net.isIP(address) !== 0 ? address : peer;
}
