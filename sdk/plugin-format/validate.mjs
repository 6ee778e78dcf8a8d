// The plugin manifest rules in one place: plugin-manifest.schema.json, checked with Ajv. The build, the plugin
// toolkit and the server import this module; the SDK reads its patterns from the same schema.
import Ajv2020 from 'ajv/dist/2020.js';
import semver from 'semver';
import schema from './plugin-manifest.schema.json' with { type: 'json' };

export { schema };

const ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false });
ajv.addFormat('semver', (value) => semver.valid(value) !== null);
ajv.addFormat('semver-range', (value) => semver.validRange(value) !== null);
ajv.addSchema(schema);
const compiled = {
  source: ajv.getSchema(`${schema.$id}#/$defs/source`),
  built: ajv.getSchema(`${schema.$id}#/$defs/built`),
};

/** "/title/ja: is required", one line per problem, naming the field an author has to fix. */
function describe(error) {
  const where = error.instancePath || '/';
  if (error.keyword === 'required')
    return `${where === '/' ? '' : where}/${error.params.missingProperty}: is required`;
  if (error.keyword === 'format') return `${where}: must be a valid ${error.params.format}`;
  if (error.keyword === 'propertyNames') return `${where}: has an invalid key "${error.params.propertyName}"`;
  return `${where}: ${error.message}`;
}

/**
 * Checks a parsed plugin.json against the schema (`form`: "source" as written by an author, "built" as
 * written by a build). `folder`, when given, must equal the id. Returns every problem, not just the first.
 */
export function validateManifest(manifest, form, folder) {
  const check = compiled[form];
  if (!check) throw new Error(`unknown manifest form "${form}"`);
  const problems = check(manifest)
    ? []
    : [
        ...new Set(
          (check.errors ?? []).filter((e) => e.keyword !== 'if' && e.keyword !== 'allOf').map(describe),
        ),
      ];
  if (
    folder !== undefined &&
    typeof manifest === 'object' &&
    manifest !== null &&
    typeof manifest.id === 'string' &&
    manifest.id !== folder
  ) {
    problems.push(`/id: "${manifest.id}" does not match its folder "${folder}"`);
  }
  return problems.length ? { ok: false, problems } : { ok: true, problems: [] };
}
