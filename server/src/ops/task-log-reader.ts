import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';

/**
 * Text for an xterm: every line break becomes \r\n (docs/architecture.md#tasks-and-their-logs-serversrcops).
 */
export function toTerminal(text: string): string {
  return text.replace(/\r?\n/g, '\r\n');
}

/**
 * How many of the first `length` bytes end on a whole UTF-8 character: a multi-byte character cut by the
 * chunk size is left for the next read instead of turning into replacement characters.
 */
export function wholeCharacters(buffer: Buffer, length: number): number {
  let start = length - 1;
  // Walk back over continuation bytes (10xxxxxx) to the lead byte of the last character, at most 3.
  while (start >= 0 && length - start <= 4 && (buffer[start]! & 0xc0) === 0x80) start--;
  if (start < 0) return length;
  const lead = buffer[start]!;
  const needed = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
  return length - start >= needed ? length : start;
}

export interface Chunk {
  text: string;
  /** Bytes consumed (the next read starts `bytes` further). */
  bytes: number;
}

/**
 * Reads at most `max` bytes at `offset`. `atEnd` (the writer has finished) flushes a trailing partial
 * character instead of waiting for the rest of it. An empty chunk means nothing new.
 */
export async function readChunk(
  file: FileHandle,
  offset: number,
  max: number,
  atEnd: boolean,
): Promise<Chunk> {
  const buffer = Buffer.alloc(max);
  const { bytesRead } = await file.read(buffer, 0, max, offset);
  if (bytesRead === 0) return { text: '', bytes: 0 };
  let usable = bytesRead < max && atEnd ? bytesRead : wholeCharacters(buffer, bytesRead);
  if (usable === 0) {
    // Only the start of a character so far: wait for the rest, unless the writer is done (a broken
    // sequence must not stall the reader).
    if (!atEnd) return { text: '', bytes: 0 };
    usable = bytesRead;
  }
  return { text: buffer.toString('utf8', 0, usable), bytes: usable };
}

export async function fileExists(file: string): Promise<boolean> {
  try {
    return (await fs.promises.stat(file)).isFile();
  } catch {
    return false;
  }
}
