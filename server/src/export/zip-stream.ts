import { once } from 'node:events';
import { crc32, createDeflateRaw } from 'node:zlib';

/** One file of a zip archive; its content arrives piece by piece. */
export interface ZipEntry {
  name: string;
  content: AsyncIterable<string | Buffer> | Iterable<string | Buffer>;
}

const UTF8_NAMES_AND_DATA_DESCRIPTOR = 0x0808;
const DEFLATE = 8;
const VERSION = 20;

interface Written {
  name: Buffer;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
}

function dosDateTime(date: Date): { time: number; day: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    day: ((date.getFullYear() - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** Compresses one entry's content as it comes, with backpressure from the reader of the archive. */
async function* deflateEntry(
  content: ZipEntry['content'],
  track: { crc: number; size: number },
): AsyncGenerator<Buffer> {
  const deflate = createDeflateRaw({ level: 6 });
  const feeding = (async () => {
    for await (const piece of content) {
      const chunk = typeof piece === 'string' ? Buffer.from(piece, 'utf8') : piece;
      track.crc = crc32(chunk, track.crc);
      track.size += chunk.length;
      if (!deflate.write(chunk)) await once(deflate, 'drain');
    }
    deflate.end();
  })();
  feeding.catch((error: unknown) =>
    deflate.destroy(error instanceof Error ? error : new Error(String(error))),
  );
  for await (const out of deflate) yield out as Buffer;
  await feeding;
}

/**
 * A zip archive written as a stream (sizes and CRCs follow each entry in a data descriptor), so an archive
 * of any length needs memory for one chunk at a time — unlike writers that assemble it in memory.
 */
export async function* zipStream(entries: Iterable<ZipEntry>, now = new Date()): AsyncGenerator<Buffer> {
  const { time, day } = dosDateTime(now);
  const written: Written[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8');
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(UTF8_NAMES_AND_DATA_DESCRIPTOR, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(time, 10);
    header.writeUInt16LE(day, 12);
    // CRC and sizes are zero here: they follow the data (flag bit 3).
    header.writeUInt16LE(name.length, 26);
    const start = offset;
    yield header;
    yield name;
    offset += header.length + name.length;
    const track = { crc: 0, size: 0 };
    let compressed = 0;
    for await (const chunk of deflateEntry(entry.content, track)) {
      compressed += chunk.length;
      yield chunk;
    }
    const descriptor = Buffer.alloc(16);
    descriptor.writeUInt32LE(0x08074b50, 0);
    descriptor.writeUInt32LE(track.crc >>> 0, 4);
    descriptor.writeUInt32LE(compressed, 8);
    descriptor.writeUInt32LE(track.size, 12);
    yield descriptor;
    offset += compressed + descriptor.length;
    written.push({ name, crc: track.crc >>> 0, compressed, size: track.size, offset: start });
  }
  const directoryStart = offset;
  let directorySize = 0;
  for (const file of written) {
    const record = Buffer.alloc(46);
    record.writeUInt32LE(0x02014b50, 0);
    record.writeUInt16LE(VERSION, 4);
    record.writeUInt16LE(VERSION, 6);
    record.writeUInt16LE(UTF8_NAMES_AND_DATA_DESCRIPTOR, 8);
    record.writeUInt16LE(DEFLATE, 10);
    record.writeUInt16LE(time, 12);
    record.writeUInt16LE(day, 14);
    record.writeUInt32LE(file.crc, 16);
    record.writeUInt32LE(file.compressed, 20);
    record.writeUInt32LE(file.size, 24);
    record.writeUInt16LE(file.name.length, 28);
    record.writeUInt32LE(file.offset, 42);
    yield record;
    yield file.name;
    directorySize += record.length + file.name.length;
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(written.length, 8);
  end.writeUInt16LE(written.length, 10);
  end.writeUInt32LE(directorySize, 12);
  end.writeUInt32LE(directoryStart, 16);
  yield end;
}
