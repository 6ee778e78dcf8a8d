// Translation checks of `bastion-plugin check`: warnings, not errors, so a half-translated plugin still builds.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { LANGUAGES, readLocales } from '../../../build/plugins.mjs';

/** Every leaf key of a locale object as a dotted path. */
function keysOf(object, prefix = '') {
  return Object.entries(object).flatMap(([key, value]) =>
    value !== null && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function sourceFiles(dir) {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sourceFiles(file);
    return /\.(tsx?|jsx?|mjs)$/.test(name) ? [file] : [];
  });
}

// t('a.b') calls, and the title / helpText / label keys of contributions and kit configuration.
const KEY_USES = [
  /\bt\(\s*['"]([\w-]+(?:\.[\w-]+)*)['"]/g,
  /\b(?:title|helpText|label):\s*['"]([\w-]+(?:\.[\w-]+)+)['"]/g,
];

/**
 * Keys present in one language but not another, and keys the sources use that a language lacks.
 * @returns {string[]} one warning per problem
 */
export function translationWarnings(projectDir) {
  const locales = Object.fromEntries(
    Object.entries(readLocales(projectDir)).map(([lng, text]) => [lng, new Set(keysOf(JSON.parse(text)))]),
  );
  const warnings = [];
  const all = new Set(Object.values(locales).flatMap((keys) => [...keys]));
  for (const key of [...all].sort())
    for (const lng of LANGUAGES)
      if (!locales[lng].has(key))
        warnings.push(`locales/${lng}.json: "${key}" is missing (other languages have it)`);
  const srcDir = path.join(projectDir, 'src');
  for (const file of sourceFiles(srcDir)) {
    const text = readFileSync(file, 'utf8');
    for (const pattern of KEY_USES)
      for (const [, key] of text.matchAll(pattern))
        if (!all.has(key) && ![...all].some((k) => k.startsWith(`${key}.`)))
          warnings.push(`${path.relative(projectDir, file)}: "${key}" is in no locale file`);
  }
  return [...new Set(warnings)];
}
