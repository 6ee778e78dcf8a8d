import { inject, injectable } from 'inversify';
import {
  PLUGIN_ID_PATTERN,
  Permission,
  checkCompatibility,
  defineToken,
  isPluginDescriptor,
  type PermissionService,
  type PluginDescriptor,
  type PluginListEntry,
} from '@bastion/sdk';
import { classifyImportError, type PluginFailure } from './pluginFailure';

/**
 * The part of SystemJS 6 the console uses. This file is the only one that knows plugins are System.register
 * modules behind an import map; moving to native import maps changes this file alone.
 */
export interface SystemJsLike {
  import(id: string): Promise<unknown>;
  addImportMap(
    map: {
      imports?: Record<string, string>;
      integrity?: Record<string, string>;
      depcache?: Record<string, string[]>;
    },
    base?: string,
  ): void;
  delete(id: string): unknown;
  resolve(id: string, parentUrl?: string): string;
  has?(id: string): boolean;
}

/** The global SystemJS instance the page loaded (system.min.js). */
export function globalSystem(): SystemJsLike {
  const system = (globalThis as { System?: SystemJsLike }).System;
  if (!system) throw new Error('SystemJS is not loaded');
  return system;
}

export type PluginLoadResult =
  | { ok: true; entry: PluginListEntry; plugin: PluginDescriptor }
  | { ok: false; entry: PluginListEntry; reason: PluginFailure };

export interface PluginLoaderOptions {
  hostVersion: string;
  sdkVersion: string;
  /** Per-plugin import time-out. */
  timeoutMs: number;
  /** HTTP status of a URL, null when nothing answered; used to tell a 404 from a network failure. */
  probe(url: string): Promise<number | null>;
  /** Does the file at `url` match its SRI `integrity`? null when it could not be read. */
  matchesIntegrity(url: string, integrity: string): Promise<boolean | null>;
  /** Is a licence-requiring plugin allowed (XPACK enabled with a valid licence)? */
  licensed(): boolean;
  /**
   * The URL a developer's import-map override gives a specifier (`bastion-plugin dev`, only on a console
   * started with BASTION_DEV_OVERRIDES=1), null without one. The override wins over the listed file.
   */
  devOverride?(specifier: string): string | null;
}

/** The override import-map-overrides holds for `specifier`; null when the script is not on the page. */
export function importMapOverride(specifier: string): string | null {
  const overrides = (
    globalThis as { importMapOverrides?: { getOverrideMap(): { imports: Record<string, string> } } }
  ).importMapOverrides;
  return overrides?.getOverrideMap().imports[specifier] ?? null;
}

export const DEFAULT_PLUGIN_TIMEOUT_MS = 15_000;

/** A file of a plugin named in its manifest: a plain name next to the plugin's entry. */
const PLUGIN_FILE_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}\.js$/;

/**
 * The import-map specifier of a plugin. Plugins live under their own scope so that no plugin id can shadow a
 * shared module (a drop-in plugin called "react" must not replace React for the whole page).
 */
export const pluginSpecifier = (id: string): string => `@bastion-plugins/${id}`;
export const SystemJs = defineToken<SystemJsLike>('host.systemjs');
export const PluginLoaderConfig = defineToken<PluginLoaderOptions>('host.pluginLoaderOptions');

export async function fetchStatus(url: string): Promise<number | null> {
  try {
    const res = await fetch(url, { method: 'HEAD', cache: 'no-store', credentials: 'same-origin' });
    return res.status;
  } catch {
    return null;
  }
}

/** Fetches a file again and compares its SHA-384 with the SRI value the browser refused it for. */
export async function fetchMatchesIntegrity(url: string, integrity: string): Promise<boolean | null> {
  try {
    const res = await fetch(url, { cache: 'no-store', credentials: 'same-origin' });
    if (!res.ok) return null;
    const digest = await crypto.subtle.digest('SHA-384', await res.arrayBuffer());
    let binary = '';
    for (const byte of new Uint8Array(digest)) binary += String.fromCharCode(byte);
    return `sha384-${btoa(binary)}` === integrity;
  } catch {
    return null;
  }
}

class PluginTimeoutError extends Error {}

function fail(entry: PluginListEntry, kind: PluginFailure['kind'], detail: string): PluginLoadResult {
  return { ok: false, entry, reason: { kind, detail } };
}

/**
 * Loads plugins listed by the server. Each plugin loads on its own: its own try/catch, its own time-out, so
 * one broken plugin never stops the others. Manifest rules are checked again here (permissions, licence,
 * host/SDK ranges) so a static import map in front of a real core is just as safe.
 */
@injectable()
export class PluginLoader {
  private readonly inFlight = new Map<string, Promise<PluginLoadResult>>();
  private readonly mapped = new Set<string>();

  constructor(
    @inject(SystemJs) private readonly system: SystemJsLike,
    @inject(Permission) private readonly permission: PermissionService,
    @inject(PluginLoaderConfig) private readonly options: PluginLoaderOptions,
  ) {}

  /** Import every plugin in parallel; results come back in the order of `entries`. */
  loadAll(entries: readonly PluginListEntry[]): Promise<PluginLoadResult[]> {
    return Promise.all(this.loadEach(entries));
  }

  /** Import every plugin in parallel, one promise each, so a caller can use each as soon as it settles. */
  loadEach(entries: readonly PluginListEntry[]): Array<Promise<PluginLoadResult>> {
    this.addToImportMap(entries.filter((e) => this.precheck(e) === null));
    return entries.map((entry) => this.load(entry));
  }

  /** Load one plugin; a second call while (or after) it loads returns the same promise. */
  load(entry: PluginListEntry): Promise<PluginLoadResult> {
    const existing = this.inFlight.get(entry.id);
    if (existing) return existing;
    const pending = this.loadOnce(entry);
    this.inFlight.set(entry.id, pending);
    return pending;
  }

  /** Forget a failed plugin (SystemJS keeps failed modules in its registry) and load it again. */
  retry(entry: PluginListEntry): Promise<PluginLoadResult> {
    this.inFlight.delete(entry.id);
    try {
      this.system.delete(this.system.resolve(pluginSpecifier(entry.id)));
    } catch {
      this.system.delete(entry.url);
    }
    return this.load(entry);
  }

  /** The manifest rules, checked before anything is downloaded. Null when the plugin may be imported. */
  private precheck(entry: PluginListEntry): PluginLoadResult | null {
    const manifest = entry?.manifest;
    if (!manifest || typeof entry.url !== 'string' || !PLUGIN_ID_PATTERN.test(String(entry.id))) {
      return fail(entry, 'invalid-module', 'malformed plugin list entry');
    }
    if (manifest.id !== entry.id)
      return fail(entry, 'invalid-module', `manifest id "${manifest.id}" ≠ "${entry.id}"`);
    if (manifest.licenseRequired && !this.options.licensed())
      return fail(entry, 'license-required', 'no valid licence');
    if (!this.permission.can(manifest.permissions ?? [])) {
      return fail(entry, 'not-permitted', `needs ${(manifest.permissions ?? []).join(', ')}`);
    }
    const compat = checkCompatibility(manifest, this.options.hostVersion, this.options.sdkVersion);
    if (!compat.ok) return fail(entry, 'incompatible', compat.message);
    return null;
  }

  /**
   * The plugin's id, the integrity of each of its files and its module graph (SystemJS `depcache`), so that
   * importing it, or any of its lazy chunks, loads the whole static closure at once.
   */
  private addToImportMap(entries: readonly PluginListEntry[]): void {
    const fresh = entries.filter((e) => !this.mapped.has(e.id));
    if (!fresh.length) return;
    const imports: Record<string, string> = {};
    const integrity: Record<string, string> = {};
    const depcache: Record<string, string[]> = {};
    for (const e of fresh) {
      imports[pluginSpecifier(e.id)] = this.options.devOverride?.(pluginSpecifier(e.id)) ?? e.url;
      if (e.integrity) integrity[e.url] = e.integrity;
      const base = e.url.slice(0, e.url.lastIndexOf('/') + 1);
      for (const [file, sri] of Object.entries(e.manifest.chunks ?? {}))
        if (PLUGIN_FILE_PATTERN.test(file) && typeof sri === 'string') integrity[base + file] = sri;
      for (const [file, deps] of Object.entries(e.manifest.depcache ?? {}))
        if (PLUGIN_FILE_PATTERN.test(file) && Array.isArray(deps))
          depcache[base + file] = deps.filter((d) => typeof d === 'string');
      this.mapped.add(e.id);
    }
    this.system.addImportMap({ imports, integrity, depcache });
  }

  private async loadOnce(entry: PluginListEntry): Promise<PluginLoadResult> {
    const refused = this.precheck(entry);
    if (refused) return refused;
    this.addToImportMap([entry]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The manifest may ask for more (or less) time than the host's default (PLUGINS.md "Faults").
    const timeoutMs = entry.manifest.loadTimeoutMs ?? this.options.timeoutMs;
    try {
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new PluginTimeoutError()), timeoutMs);
      });
      const module = await Promise.race([this.system.import(pluginSpecifier(entry.id)), timeout]);
      return this.validate(entry, module);
    } catch (error) {
      if (error instanceof PluginTimeoutError) {
        // Let a later retry start afresh instead of awaiting the stuck import.
        this.inFlight.delete(entry.id);
        return fail(entry, 'timeout', `no answer within ${timeoutMs} ms`);
      }
      const message = error instanceof Error ? error.message : String(error);
      const needsProbe = /SystemJS Error#3\b|Error loading /.test(message);
      const status = needsProbe ? await this.options.probe(entry.url) : undefined;
      if (status === 200) {
        const tampered = await this.tamperedFile(entry);
        if (tampered) return fail(entry, 'integrity', `${tampered} does not match its integrity`);
      }
      return { ok: false, entry, reason: classifyImportError(error, status) };
    } finally {
      clearTimeout(timer);
    }
  }

  /** The first file of the plugin (entry, then chunks) whose content no longer matches its integrity. */
  private async tamperedFile(entry: PluginListEntry): Promise<string | null> {
    const base = entry.url.slice(0, entry.url.lastIndexOf('/') + 1);
    const files: Array<[string, string]> = [[entry.url, entry.integrity]];
    for (const [file, sri] of Object.entries(entry.manifest.chunks ?? {}))
      if (PLUGIN_FILE_PATTERN.test(file) && typeof sri === 'string') files.push([base + file, sri]);
    for (const [url, sri] of files) {
      if (sri && (await this.options.matchesIntegrity(url, sri)) === false) return url;
    }
    return null;
  }

  /** The module must default-export a definePlugin() descriptor that matches its manifest. */
  private validate(entry: PluginListEntry, module: unknown): PluginLoadResult {
    const candidate =
      module && typeof module === 'object' ? (module as { default?: unknown }).default : undefined;
    if (!isPluginDescriptor(candidate)) {
      return fail(entry, 'invalid-module', 'default export is not a definePlugin() descriptor');
    }
    if (candidate.id !== entry.id)
      return fail(entry, 'invalid-module', `module id "${candidate.id}" ≠ "${entry.id}"`);
    const manifest = entry.manifest;
    if (manifest.i18nNamespace && candidate.i18nNamespace !== manifest.i18nNamespace) {
      return fail(
        entry,
        'invalid-module',
        `namespace "${candidate.i18nNamespace}" ≠ "${manifest.i18nNamespace}"`,
      );
    }
    const views = new Set<string>(manifest.views ?? []);
    const stray = candidate.routes.find((r) => !views.has(r.view));
    if (stray)
      return fail(entry, 'invalid-module', `route ${stray.path} uses undeclared view "${stray.view}"`);
    return { ok: true, entry, plugin: candidate };
  }
}
