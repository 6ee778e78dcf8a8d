import type { Label, Language } from '../engine/declaration';

export type MessageParams = Readonly<Record<string, string | number>>;

/** A catalogue's lookup: the message of `key` in `language`, with its `{name}` placeholders filled. */
export type MessageLookup<K extends string> = (key: K, language: Language, params?: MessageParams) => string;

/**
 * The one lookup every server message catalogue (engine, login, assets, tickets, ops, …) uses: an area
 * keeps its texts in zh/en/ja next to its code and gets a typed lookup from here. A placeholder without a
 * value stays as written, so a missing parameter shows instead of vanishing.
 */
export function messageCatalogue<K extends string>(messages: Readonly<Record<K, Label>>): MessageLookup<K> {
  return (key, language, params = {}) =>
    messages[key][language].replace(/\{(\w+)\}/g, (whole, name: string) =>
      params[name] === undefined ? whole : String(params[name]),
    );
}
