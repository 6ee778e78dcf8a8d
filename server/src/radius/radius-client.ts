import crypto from 'node:crypto';
import dgram from 'node:dgram';
import net from 'node:net';
import radius from 'radius';

/** Where Access-Requests go and how long we wait (docs/auth-radius-saml.md#radius). */
export interface RadiusServer {
  host: string;
  port: number;
  secret: string;
  /** Per try: the same packet is sent again after each silent wait. */
  timeoutMs: number;
  tries: number;
}

export interface RadiusAnswer {
  accepted: boolean;
  /** The server's Reply-Message, if it sent one. */
  replyMessage: string;
}

/**
 * Why no answer could be used: nobody answered in time (`timeout`), answers came but none was signed with our
 * shared secret (`secret`), or the address could not be reached at all (`network`).
 */
export class RadiusError extends Error {
  constructor(
    readonly kind: 'timeout' | 'secret' | 'network',
    detail: string,
  ) {
    super(detail);
    this.name = 'RadiusError';
  }
}

const AUTHENTICATOR = { start: 4, end: 20 } as const;
const NAS_IDENTIFIER = 'bastion-console';

/**
 * The Response Authenticator of RFC 2865 §3: MD5(Code, Identifier, Length, the request's authenticator,
 * attributes, secret). The packet library checks it only together with a Message-Authenticator in the answer,
 * which servers before the BlastRADIUS fixes (FreeRADIUS 3.2.1 among them) do not send.
 */
function responseAuthenticatorValid(response: Buffer, request: Buffer, secret: string): boolean {
  if (response.length < AUTHENTICATOR.end) return false;
  const copy = Buffer.from(response);
  request.copy(copy, AUTHENTICATOR.start, AUTHENTICATOR.start, AUTHENTICATOR.end);
  const expected = crypto.createHash('md5').update(copy).update(secret).digest();
  return crypto.timingSafeEqual(expected, response.subarray(AUTHENTICATOR.start, AUTHENTICATOR.end));
}

/** A response to our request, checked with the shared secret; null when it is not one. */
function checkedAnswer(message: Buffer, request: Buffer, identifier: number, secret: string) {
  let decoded: radius.RadiusPacket;
  try {
    decoded = radius.decode({ packet: message, secret });
  } catch {
    return null;
  }
  if (decoded.identifier !== identifier) return null;
  const signed =
    decoded.attributes['Message-Authenticator'] !== undefined
      ? radius.verify_response({ response: Buffer.from(message), request, secret })
      : responseAuthenticatorValid(message, request, secret);
  return { decoded, signed };
}

/**
 * Sends one Access-Request (PAP: User-Password hidden with the shared secret, plus a Message-Authenticator)
 * and waits for the server's verdict, resending the same packet after each time-out as RFC 2865 asks.
 * Answers not signed with our secret are ignored (anyone on the path could send them); if only such answers
 * came, the error says the secret is wrong. Never waits longer than timeoutMs × tries.
 */
export function accessRequest(
  server: RadiusServer,
  username: string,
  password: string,
): Promise<RadiusAnswer> {
  const identifier = crypto.randomInt(256);
  const packet = radius.encode({
    code: 'Access-Request',
    secret: server.secret,
    identifier,
    attributes: [
      ['User-Name', username],
      ['User-Password', password],
      ['NAS-Identifier', NAS_IDENTIFIER],
    ],
    add_message_authenticator: true,
  });
  const socket = dgram.createSocket(net.isIPv6(server.host) ? 'udp6' : 'udp4');
  return new Promise<RadiusAnswer>((resolve, reject) => {
    let tries = 0;
    let unsigned = false;
    let timer: NodeJS.Timeout | undefined;
    const finish = (outcome: () => void) => {
      clearTimeout(timer);
      socket.removeAllListeners('message');
      socket.close();
      outcome();
    };
    const send = () => {
      if (tries >= server.tries) {
        const seconds = Math.round((server.timeoutMs * server.tries) / 100) / 10;
        finish(() =>
          reject(
            unsigned
              ? new RadiusError('secret', 'the answers were not signed with this shared secret')
              : new RadiusError('timeout', `no answer within ${seconds} s (${server.tries} tries)`),
          ),
        );
        return;
      }
      tries += 1;
      socket.send(packet, server.port, server.host, (error) => {
        if (error) finish(() => reject(new RadiusError('network', error.message)));
      });
      timer = setTimeout(send, server.timeoutMs);
    };
    socket.on('error', (error) => finish(() => reject(new RadiusError('network', error.message))));
    socket.on('message', (message) => {
      const answer = checkedAnswer(message, packet, identifier, server.secret);
      if (answer === null) return;
      if (!answer.signed) {
        unsigned = true;
        return;
      }
      const { code, attributes } = answer.decoded;
      if (code !== 'Access-Accept' && code !== 'Access-Reject' && code !== 'Access-Challenge') return;
      const reply = attributes['Reply-Message'];
      finish(() =>
        resolve({
          // A challenge asks for a further step this sign-in does not have: it is no acceptance.
          accepted: code === 'Access-Accept',
          replyMessage: typeof reply === 'string' ? reply : '',
        }),
      );
    });
    send();
  });
}
