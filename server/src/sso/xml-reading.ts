import { XMLParser, type X2jOptions } from 'fast-xml-parser';

/**
 * fast-xml-parser as the outside sign-in sources read a provider's XML (SAML2 metadata and messages, CAS
 * answers): namespace prefixes dropped (`samlp:Status` → `Status`), attributes kept as `@name`, every
 * value kept as text. `options` adds what one reader needs (arrays, entities, trimming).
 */
export const textXmlParser = (options: Partial<X2jOptions> = {}): XMLParser =>
  new XMLParser({
    removeNSPrefix: true,
    ignoreAttributes: false,
    attributeNamePrefix: '@',
    parseTagValue: false,
    parseAttributeValue: false,
    ...options,
  });

/** An element as the parser gives it. */
export type XmlNode = Record<string, unknown>;

/** The elements of a parsed value: one, several or none (text and absent values are not elements). */
export const xmlNodes = (value: unknown): XmlNode[] =>
  (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(
    (item): item is XmlNode => typeof item === 'object' && item !== null,
  );

/** The text of an element, with or without attributes. */
export const xmlText = (value: unknown): string =>
  typeof value === 'string'
    ? value
    : typeof value === 'object' && value !== null
      ? String((value as XmlNode)['#text'] ?? '')
      : '';
