import type { IncomingMessage, Server } from 'node:http';
export function listen(server: Server): Promise<number>;
export function readBody(req: IncomingMessage): Promise<string>;
export function escapeXml(text: unknown): string;
