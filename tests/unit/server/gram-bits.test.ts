// The gram summary of gram blocks (docs/data-layer.md#gram-blocks): a block whose summary lacks a term's
// bits is skipped, so every substring of a summarised text, in any ASCII case, must be held.
import { describe, expect, it } from 'vitest';
import {
  addText,
  decodeSummary,
  encodeSummary,
  holdsBytes,
  SUMMARY_BYTES,
  termBits,
  wantedBytes,
} from '../../../server/src/data/gram-bits';

const summary = (...texts: string[]) => {
  const bits = new Uint8Array(SUMMARY_BYTES);
  for (const text of texts) addText(bits, text);
  return bits;
};
const holds = (bits: Uint8Array, term: string) => {
  const wanted = termBits(term);
  return wanted === null || holdsBytes(bits, wantedBytes(wanted));
};

describe('gram summaries', () => {
  it('hold every substring of their texts, ASCII case folded', () => {
    const text = 'systemctl Restart nginx.service --now';
    const bits = summary(text, 'cat /etc/hosts');
    for (let start = 0; start < text.length; start += 1)
      for (let end = start + 1; end <= Math.min(text.length, start + 8); end += 1) {
        const term = text.slice(start, end);
        expect(holds(bits, term), term).toBe(true);
        expect(holds(bits, term.toUpperCase()), term).toBe(true);
      }
    expect(holds(bits, 'etc/h')).toBe(true);
  });

  it('lack a term whose characters are not next to each other in any text', () => {
    const bits = summary('ls -l /tmp', 'tail -f /var/log/messages');
    expect(holds(bits, 'rm')).toBe(false);
    expect(holds(bits, 'nginx')).toBe(false);
    expect(holds(bits, 'z')).toBe(false);
  });

  it('fold beyond ASCII as PostgreSQL lowers per character, and survive storage', () => {
    const bits = summary('echo Überprüfung İx');
    expect(holds(bits, 'über')).toBe(true);
    expect(holds(bits, 'ix')).toBe(true);
    expect(holds(decodeSummary(encodeSummary(bits)), 'PRÜF')).toBe(true);
  });

  it('ask nothing of an empty term', () => {
    expect(termBits('')).toBeNull();
  });
});
