/** The content codings a client accepts (`Accept-Encoding`), leaving out those it refuses with `q=0`. */
export function acceptedCodings(header: string | string[] | undefined): Set<string> {
  const accepted = new Set<string>();
  if (typeof header !== 'string') return accepted;
  for (const item of header.split(',')) {
    const [name, ...params] = item.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q !== undefined && Number(q.slice(2)) === 0)) accepted.add(name);
  }
  return accepted;
}
