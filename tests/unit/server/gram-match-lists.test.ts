// The match lists of gram blocks (docs/data-layer.md#match-lists): a list is read once however many
// requests ask for it together, kept until its memory is wanted, and the least recently used goes first;
// a string key (PostgreSQL's ids) weighs four numeric ones.
import { describe, expect, it } from 'vitest';
import { GramMatchLists } from '../../../server/src/data/gram-match-lists';

const rows = (n: number, key: (i: number) => unknown = (i) => i) =>
  Array.from({ length: n }, (_, i) => ({ k: key(i), t: String(1_000 + i) }));

describe('gram match lists', () => {
  it('reads a list once for requests that ask for it together, and keeps it', async () => {
    const lists = new GramMatchLists(100);
    let reads = 0;
    const read = async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return rows(3);
    };
    const [a, b] = await Promise.all([lists.get('block-1', read), lists.get('block-1', read)]);
    expect(reads).toBe(1);
    expect(a).toBe(b);
    expect([...a.keys]).toEqual([0, 1, 2]);
    expect([...a.at]).toEqual([1_000, 1_001, 1_002]);
    await lists.get('block-1', read);
    expect(reads).toBe(1);
  });

  it('lets the least recently used list go when the next one needs its room', async () => {
    const lists = new GramMatchLists(25);
    const reads: string[] = [];
    const read = (name: string) => async () => {
      reads.push(name);
      return rows(9);
    };
    await lists.get('a', read('a'));
    await lists.get('b', read('b'));
    // `a` is used again: `b` is now the least recently used, and goes for `c`.
    await lists.get('a', read('a'));
    await lists.get('c', read('c'));
    await lists.get('a', read('a'));
    await lists.get('b', read('b'));
    expect(reads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('weighs string keys four times numeric ones', async () => {
    const lists = new GramMatchLists(50);
    let reads = 0;
    const strings = async () => {
      reads += 1;
      return rows(10, (i) => `id-${i}`);
    };
    // 10 string keys weigh 41 of 50: a second list of them does not fit beside the first.
    await lists.get('s1', strings);
    await lists.get('s2', strings);
    await lists.get('s1', strings);
    expect(reads).toBe(3);
    const numbers = new GramMatchLists(50);
    let numericReads = 0;
    const numeric = async () => {
      numericReads += 1;
      return rows(10);
    };
    await numbers.get('n1', numeric);
    await numbers.get('n2', numeric);
    await numbers.get('n1', numeric);
    expect(numericReads).toBe(2);
  });
});
