/**
 * The boot data a signed-in page carries (`#bastion-boot-data`, server/src/ui/boot-data.ts,
 * docs/architecture.md "Boot sequence"): API answers the boot would otherwise wait for, and translations.
 * Read defensively: anything malformed is simply not there, and the console asks the server as always.
 */
export interface BootAnswer {
  url: string;
  /** The X-JMS-ORG and X-TZ headers the answer was made for. */
  headers: Record<string, string>;
  body: unknown;
}

const HEADERS_COMPARED = ['X-JMS-ORG', 'X-TZ'] as const;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The JSON of the page's boot data script, or undefined. */
export function readBootData(doc: Document): unknown {
  const text = doc.getElementById('bastion-boot-data')?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** The page's API answers; each is used at most once, for the same GET with the same headers. */
export class BootAnswers {
  private readonly answers: BootAnswer[];

  constructor(data: unknown) {
    const list = isRecord(data) && Array.isArray(data.answers) ? data.answers : [];
    this.answers = list.filter(
      (a): a is BootAnswer => isRecord(a) && typeof a.url === 'string' && isRecord(a.headers) && 'body' in a,
    );
  }

  /** The body answered for `url` with these request headers, once; undefined when there is none. */
  take(url: string, headers: Readonly<Record<string, string>>): { body: unknown } | undefined {
    const index = this.answers.findIndex(
      (a) => a.url === url && HEADERS_COMPARED.every((h) => (a.headers[h] ?? null) === (headers[h] ?? null)),
    );
    if (index === -1) return undefined;
    const [answer] = this.answers.splice(index, 1);
    return answer && { body: answer.body };
  }
}

/** language -> namespace -> resources, for i18next's `resources`. */
export function bootLocales(data: unknown): Record<string, Record<string, Record<string, unknown>>> {
  const locales = isRecord(data) && isRecord(data.locales) ? data.locales : {};
  const out: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const [lng, namespaces] of Object.entries(locales)) {
    if (!isRecord(namespaces)) continue;
    out[lng] = Object.fromEntries(
      Object.entries(namespaces).filter((e): e is [string, Record<string, unknown>] => isRecord(e[1])),
    );
  }
  return out;
}
