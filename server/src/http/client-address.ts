import type { FastifyRequest } from 'fastify';

/**
 * The peer address of the TCP connection. Forwarding headers (X-Forwarded-For, X-Real-IP) are never read:
 * trusting them let attackers dodge the v2.21 login lock-out (CVE-2023-46123).
 */
export function clientAddress(request: FastifyRequest): string {
  return request.socket.remoteAddress ?? 'unknown';
}
