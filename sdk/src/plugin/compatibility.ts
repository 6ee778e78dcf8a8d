import satisfies from 'semver/functions/satisfies';
import validRange from 'semver/ranges/valid';
import type { PluginManifest } from './manifest';

export type CompatibilityResult =
  { ok: true } | { ok: false; subject: 'host' | 'sdk'; required: string; actual: string; message: string };

function check(subject: 'host' | 'sdk', range: unknown, actual: string): CompatibilityResult {
  const required = typeof range === 'string' ? range : '';
  if (!required || validRange(required) === null) {
    return { ok: false, subject, required, actual, message: `invalid ${subject}Range "${required}"` };
  }
  if (!satisfies(actual, required)) {
    return {
      ok: false,
      subject,
      required,
      actual,
      message: `needs ${subject} ${required}, this is ${actual}`,
    };
  }
  return { ok: true };
}

/**
 * Can this host run the plugin? Checks the manifest's `hostRange` against the host version and `sdkRange`
 * against the SDK version (semver ranges), so an incompatible plugin is refused with a reason the user can
 * read instead of failing somewhere inside React.
 */
export function checkCompatibility(
  manifest: Pick<PluginManifest, 'hostRange' | 'sdkRange'>,
  hostVersion: string,
  sdkVersion: string,
): CompatibilityResult {
  const host = check('host', manifest.hostRange, hostVersion);
  return host.ok ? check('sdk', manifest.sdkRange, sdkVersion) : host;
}
