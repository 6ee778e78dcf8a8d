/** An asciicast recording (v2, or v3 with relative times) reduced to what a player needs: output frames. */
export interface Cast {
  width: number;
  height: number;
  /** Output frames in order: seconds from the start, text. */
  frames: ReadonlyArray<readonly [number, string]>;
  duration: number;
}

/** Parses an asciicast file; v3 event times are intervals, v2 absolute (docs/terminal.md#replays). */
export function parseAsciicast(text: string): Cast {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  const header = JSON.parse(lines[0] ?? '{}') as {
    version?: number;
    width?: number;
    height?: number;
    term?: { cols?: number; rows?: number };
  };
  const relative = header.version === 3;
  const frames: Array<readonly [number, string]> = [];
  let clock = 0;
  for (const line of lines.slice(1)) {
    let event: unknown;
    try {
      event = JSON.parse(line);
    } catch {
      continue;
    }
    if (!Array.isArray(event) || typeof event[0] !== 'number') continue;
    clock = relative ? clock + event[0] : event[0];
    if (event[1] === 'o' && typeof event[2] === 'string') frames.push([clock, event[2]]);
  }
  return {
    width: header.width ?? header.term?.cols ?? 80,
    height: header.height ?? header.term?.rows ?? 24,
    frames,
    duration: frames.length ? (frames[frames.length - 1]?.[0] ?? 0) : 0,
  };
}

/** How many frames are due at `time` (frames are sorted). */
export function framesUntil(cast: Cast, time: number): number {
  let low = 0;
  let high = cast.frames.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((cast.frames[mid]?.[0] ?? 0) <= time) low = mid + 1;
    else high = mid;
  }
  return low;
}
