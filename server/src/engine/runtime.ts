import { AsyncLocalStorage } from 'node:async_hooks';
import crypto from 'node:crypto';
import { allOf, type Condition, type SelectQuery } from '../data/conditions';
import { UniqueViolation, type Database } from '../data/database';
import { ResourceTable, type PageLinks } from '../data/resource-table';
import { WriteVersions } from '../data/write-versions';
import { formatDateTime } from '../http/datetime';
import { ApiError, ResponseError } from '../http/api-error';
import { ROOT_ORG_ID } from '../orgs/org-ids';
import { allows } from '../rbac/authorize';
import { compileResource, type CompiledResource } from './compile';
import type {
  CrudAction,
  FieldErrors,
  RequestContext,
  ResourceAccess,
  ResourceDeclaration,
  ResourceDirectory,
  StoredRow,
} from './declaration';
import { message } from './messages';
import { journalOperations, OPERATE_ACTIONS } from './operation-journal';
import { Pacer, yieldToEventLoop } from './pacer';
import { validateObject, type WriteMode } from './validation';
import { Batch, assertBulkSize, throwItemErrors } from './write-batch';

/**
 * The root-org refusal of org-scoped creates (docs/organizations.md#organization-scoped-objects), as a clear
 * 400 rather than v2.21's 500.
 */
export const saveInOrgError = (ctx: RequestContext): ResponseError =>
  new ResponseError(400, { detail: message('saveInOrg', ctx.language), code: 'org_required' });

export const objectMissing = (resource: CompiledResource): ResponseError =>
  new ResponseError(404, {
    detail: message('notFound', 'en', { model: resource.decl.label.en }),
    code: 'object_does_not_exist',
  });

/** One item of a write batch: how it is validated, its batch, and who it is among the batch's items. */
interface BatchItem {
  mode: WriteMode;
  batch: Batch;
  claimant: string;
}

/** Rows serialised per turn by `serializeInTurns`. */
const SERIALIZE_SLICE = 200;

/** One declared resource at run time: data access, validation and output, shared by routes and hooks. */
export class EngineResource implements ResourceAccess {
  readonly compiled: CompiledResource;
  readonly store: ResourceTable;

  constructor(
    private readonly db: Database,
    readonly declaration: ResourceDeclaration,
    /** The directory hooks, computed fields and custom filters read other resources through. */
    readonly registry: ResourceRegistry,
  ) {
    this.compiled = compileResource(declaration);
    this.store = new ResourceTable(db, this.compiled, (name) => registry.compiledOf(name));
  }

  /** `<app>.<action>_<model>` unless overridden. */
  permission(action: CrudAction): string {
    return this.declaration.permissions?.[action] ?? `${this.compiled.app}.${action}_${this.compiled.model}`;
  }

  allows(ctx: RequestContext, codes: readonly string[]): boolean {
    return allows(ctx, codes);
  }

  /** Fields hidden from this requester by `fieldPermissions`. */
  hiddenFields(ctx: RequestContext): Set<string> {
    const hidden = new Set<string>();
    for (const [field, code] of Object.entries(this.declaration.fieldPermissions ?? {}))
      if (!this.allows(ctx, [code])) hidden.add(field);
    return hidden;
  }

  /** Org scoping plus the declaration's own scope hook: every query of this resource goes through it. */
  async scope(ctx: RequestContext): Promise<Condition | null> {
    const org: Condition | null =
      this.declaration.orgScoped && ctx.orgId !== ROOT_ORG_ID
        ? { field: 'org_id', op: 'eq', value: ctx.orgId }
        : null;
    return allOf([org, (await this.declaration.hooks?.scope?.(ctx)) ?? null]);
  }

  /** Stored columns renamed to another field name (`domain_id` → `domain`): left out of decoded rows. */
  private renamedColumns: ReadonlySet<string> | null = null;

  decode(raw: StoredRow): StoredRow {
    // A new object filled in one order (not a copy with keys deleted): every decoded row of a resource
    // shares one shape, which keeps reading and serialising it fast.
    const renamed = (this.renamedColumns ??= new Set(
      this.compiled.table.columns.filter((c) => c.column !== c.field).map((c) => c.column),
    ));
    const row: StoredRow = {};
    for (const key in raw) if (!renamed.has(key)) row[key] = raw[key];
    for (const column of this.compiled.table.columns) {
      const value = raw[column.column];
      if (value === null || value === undefined) {
        row[column.field] = null;
        continue;
      }
      if (column.type === 'boolean') row[column.field] = value === true || Number(value) === 1;
      else if (column.type === 'json') {
        // Text on both backends (PostgreSQL's jsonb is read as text, docs/data-layer.md#the-fast-path).
        if (typeof value !== 'string') row[column.field] = value;
        else
          try {
            row[column.field] = JSON.parse(value);
          } catch {
            row[column.field] = null;
          }
      } else row[column.field] = value;
    }
    return row;
  }

  /** Field-keyed clean values → column-keyed storage values; keys that are not fields pass as columns. */
  private encode(data: StoredRow): StoredRow {
    const out: StoredRow = {};
    for (const [key, value] of Object.entries(data)) {
      const field = this.compiled.fields.get(key);
      if (!field) {
        out[key] = value;
        continue;
      }
      const column = this.compiled.columnOf.get(key);
      if (!column) continue;
      const spec = this.compiled.table.columns.find((c) => c.field === key);
      if (value === null || value === undefined) out[column] = null;
      else if (spec?.type === 'boolean') out[column] = value ? 1 : 0;
      else if (spec?.type === 'json') out[column] = JSON.stringify(value);
      else out[column] = value;
    }
    return out;
  }

  async get(id: string, ctx: RequestContext): Promise<StoredRow | null> {
    if (typeof id !== 'string' || id.length > 64) return null;
    const raw = await this.store.get(id, await this.scope(ctx));
    return raw ? this.decode(raw) : null;
  }

  async find(where: Condition | null, ctx: RequestContext): Promise<StoredRow[]> {
    return this.select({ where: allOf([await this.scope(ctx), where]), order: [], limit: null, offset: 0 });
  }

  async select(query: SelectQuery): Promise<StoredRow[]> {
    return (await this.store.select(query)).map((raw) => this.decode(raw));
  }

  /**
   * One decoded list page and the count of the whole filtered set (a lower bound when `countIsLowerBound`:
   * resources declaring `boundedCount`, docs/http.md#lists).
   */
  async page(
    query: SelectQuery & { limit: number },
  ): Promise<{ rows: StoredRow[]; count: number; countIsLowerBound: boolean }> {
    const { rows, count, countIsLowerBound, links } = await this.store.page(query);
    const decoded = rows.map((raw) => this.decode(raw));
    if (links) for (const row of decoded) PAGE_LINKS.set(row, links);
    return { rows: decoded, count, countIsLowerBound };
  }

  async count(where: Condition | null, ctx: RequestContext): Promise<number> {
    return this.store.count(allOf([await this.scope(ctx), where]));
  }

  /** Rows of these ids visible to ctx (fk/m2m validation); org scope only, not the scope hook. */
  async existingIds(ids: readonly string[], ctx: RequestContext): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const org: Condition | null =
      this.declaration.orgScoped && ctx.orgId !== ROOT_ORG_ID
        ? { field: 'org_id', op: 'eq', value: ctx.orgId }
        : null;
    const rows = await this.store.select({
      where: allOf([org, { field: 'id', op: 'in', values: ids }]),
      order: [],
      limit: null,
      offset: 0,
    });
    return new Set(rows.map((row) => String(row.id)));
  }

  private validateInput(body: unknown, existing: StoredRow | null, ctx: RequestContext, item: BatchItem) {
    const { batch, claimant, mode } = item;
    const orgId = this.declaration.orgScoped ? String(existing?.org_id ?? ctx.orgId) : null;
    // fk/m2m targets are looked up in the org of the row being written, not the request's: an update made
    // in Root (which reads every org) must not link an org's row to another org's objects.
    const linkCtx = orgId === null ? ctx : { ...ctx, orgId };
    const scopeOf = (field: string): string =>
      field !== 'id' && this.compiled.fields.get(field)?.unique === 'org' ? (orgId ?? '') : '';
    return validateObject(this.compiled, body, mode, existing, {
      lang: ctx.language,
      hidden: this.hiddenFields(ctx),
      existingIds: (to, ids) => this.registry.resource(to).existingIds(ids, linkCtx),
      uniqueTaken: async (field, value, exceptId) => {
        const column = field === 'id' ? 'id' : this.compiled.columnOf.get(field);
        if (!column) return false;
        // Another item of the same bulk request counts as taken too (both would pass the database check).
        if (batch.claimedByOther(field, scopeOf(field), value, claimant)) return true;
        const perOrg = scopeOf(field) === '' ? null : orgId;
        const taken = await this.store.exists(column, value, exceptId, perOrg);
        if (!taken) batch.claim(field, scopeOf(field), value, claimant);
        return taken;
      },
    });
  }

  /** Per-field validation, then the `validate` hook; the errors of one item (null when valid). */
  private async check(
    body: unknown,
    existing: StoredRow | null,
    ctx: RequestContext,
    item: BatchItem,
  ): Promise<{ data: StoredRow; errors: FieldErrors | null }> {
    const { data, errors } = await this.validateInput(body, existing, ctx, item);
    if (errors) return { data, errors };
    const hookErrors = await this.declaration.hooks?.validate?.(
      data,
      ctx,
      existing,
      this.registry,
      item.batch,
    );
    if (hookErrors && Object.keys(hookErrors).length > 0) return { data, errors: hookErrors };
    return { data, errors: null };
  }

  async create(input: Record<string, unknown>, ctx: RequestContext): Promise<StoredRow> {
    if (this.declaration.orgScoped && ctx.orgId === ROOT_ORG_ID) throw saveInOrgError(ctx);
    const [row] = await this.createMany([input], ctx, false);
    if (!row) throw new Error(`${this.declaration.name}: a create wrote nothing`);
    return row;
  }

  /**
   * Creates every input or none (bulk POST, and single creates as a batch of one): all items are
   * validated first (400 with per-position errors for a list), then written by `writeBatch`. The loop gives
   * other requests a turn between items, so a bulk request never holds the event loop for long.
   */
  async createMany(inputs: readonly unknown[], ctx: RequestContext, asList = true): Promise<StoredRow[]> {
    assertBulkSize(inputs.length, ctx.language);
    const batch = new Batch();
    const pacer = new Pacer();
    const checked: Array<{ data: StoredRow; errors: FieldErrors | null }> = [];
    for (const [index, input] of inputs.entries()) {
      checked.push(await this.check(input, null, ctx, { mode: 'create', batch, claimant: `#${index}` }));
      await pacer.turn();
    }
    throwItemErrors(
      checked.map((item) => item.errors),
      asList,
    );
    return this.writeBatch(
      checked.map(({ data }) => ({ existing: null, data })),
      ctx,
      batch,
      pacer,
    );
  }

  async update(
    id: string,
    input: Record<string, unknown>,
    ctx: RequestContext,
    partial = true,
  ): Promise<StoredRow> {
    const existing = await this.get(id, ctx);
    if (!existing) throw objectMissing(this.compiled);
    const [row] = await this.updateMany([{ existing, input }], ctx, partial, false);
    if (!row) throw objectMissing(this.compiled);
    return row;
  }

  /**
   * Updates every target or none (bulk PUT/PATCH, and single updates as a batch of one). A target whose
   * row was not found (`existing` null) is an error at its position; see `createMany` for the rest.
   */
  async updateMany(
    targets: ReadonlyArray<{ existing: StoredRow | null; input: unknown }>,
    ctx: RequestContext,
    partial: boolean,
    asList = true,
  ): Promise<StoredRow[]> {
    assertBulkSize(targets.length, ctx.language);
    const batch = new Batch();
    const pacer = new Pacer();
    const errors: Array<FieldErrors | null> = [];
    const plan: Array<{ existing: StoredRow; data: StoredRow }> = [];
    for (const { existing, input } of targets) {
      if (!existing) {
        errors.push({
          id: [message('notFound', ctx.language, { model: this.declaration.label[ctx.language] })],
        });
        continue;
      }
      const mode = partial ? 'partial' : 'update';
      const outcome = await this.check(input, existing, ctx, { mode, batch, claimant: String(existing.id) });
      errors.push(outcome.errors);
      plan.push({ existing, data: outcome.data });
      await pacer.turn();
    }
    throwItemErrors(errors, asList);
    return this.writeBatch(plan, ctx, batch, pacer);
  }

  /**
   * The write half of a batch: `beforeSave` of every item (may await; other requests get turns), then one
   * transaction that runs `beforeWrite` and writes each row and its links in order, then `afterSave` of
   * every item. Returns the stored rows, in the order given.
   */
  private async writeBatch(
    plan: ReadonlyArray<{ existing: StoredRow | null; data: StoredRow }>,
    ctx: RequestContext,
    batch: Batch,
    pacer: Pacer,
  ): Promise<StoredRow[]> {
    const hooks = this.declaration.hooks;
    for (const { existing, data } of plan) {
      await hooks?.beforeSave?.(data, ctx, existing, this.registry, batch);
      await pacer.turn();
    }
    const rows = plan.map(({ existing, data }) =>
      existing ? this.changedRow(data, ctx) : this.newRow(data, ctx),
    );
    // New rows with their ids known and no `beforeWrite` to see them one by one are written together:
    // a few multi-row statements instead of several per row, so a bulk create holds the write lock briefly.
    const together = !hooks?.beforeWrite && this.compiled.fields.get('id')?.kind !== 'integer';
    const ids = await this.writeRows(async () => {
      const written: string[] = [];
      const fresh: StoredRow[] = [];
      const freshLinks = new Map<string, Array<readonly [string, string]>>();
      for (const [index, { existing }] of plan.entries()) {
        const row = rows[index] as StoredRow;
        await hooks?.beforeWrite?.(row, ctx, existing, this.registry, batch);
        if (together && !existing) {
          fresh.push(this.encode(this.storedPart(row)));
          for (const [field] of this.compiled.links)
            if (Array.isArray(row[field]))
              for (const target of row[field] as string[]) {
                const pairs = freshLinks.get(field) ?? [];
                pairs.push([String(row.id), target]);
                freshLinks.set(field, pairs);
              }
          written.push(String(row.id));
          continue;
        }
        let id: string;
        if (existing) {
          id = String(existing.id);
          await this.store.update(id, this.encode(this.storedPart(row)));
        } else {
          const inserted = await this.store.insert(this.encode(this.storedPart(row)));
          id = row.id === undefined ? inserted : String(row.id);
        }
        // A new row has no links yet: adding skips the delete a replacement needs.
        for (const [field] of this.compiled.links)
          if (Array.isArray(row[field]))
            await this.store.link(field, id, row[field] as string[], existing ? 'set' : 'add');
        written.push(id);
      }
      if (fresh.length > 0)
        await this.store.insertMany(
          fresh,
          [...freshLinks].map(([field, pairs]) => ({ field, pairs })),
        );
      await batch.commit();
      // The operate log of this batch, in its transaction (docs/audit.md#operate-logs).
      const created = rows.filter((_, index) => plan[index]?.existing === null);
      const changed = plan.flatMap(({ existing }, index) =>
        existing ? [{ ...existing, ...(rows[index] as StoredRow) }] : [],
      );
      await journalOperations(this.db, this.declaration, OPERATE_ACTIONS.create, created, ctx);
      await journalOperations(this.db, this.declaration, OPERATE_ACTIONS.update, changed, ctx);
      return written;
    }, ctx);
    const byId = new Map(
      (
        await this.select({
          where: { field: 'id', op: 'in', values: ids },
          order: [],
          limit: null,
          offset: 0,
        })
      ).map((row) => [String(row.id), row]),
    );
    const saved = ids.map((id) => {
      const row = byId.get(id);
      if (!row) throw objectMissing(this.compiled);
      return row;
    });
    for (const [index, row] of saved.entries()) {
      const { existing, data } = plan[index] as { existing: StoredRow | null; data: StoredRow };
      await hooks?.afterSave?.(row, ctx, existing === null, data, this.registry);
      await pacer.turn();
    }
    return saved;
  }

  /** The batch's transaction; a value taken meanwhile by another request answers 409, not 500. */
  private async writeRows<T>(work: () => Promise<T>, ctx: RequestContext): Promise<T> {
    try {
      return await this.db.transaction(work);
    } catch (error) {
      if (error instanceof UniqueViolation)
        throw new ApiError(409, message('writeConflict', ctx.language), 'conflict');
      throw error;
    }
  }

  /** A validated create as a row: id, org, creation dates and creator filled in. */
  private newRow(data: StoredRow, ctx: RequestContext): StoredRow {
    const now = Date.now();
    const fields = this.compiled.fields;
    const row: StoredRow = { ...data };
    if (fields.get('id')?.kind !== 'integer' && (typeof row.id !== 'string' || row.id === ''))
      row.id = crypto.randomUUID();
    if (this.declaration.orgScoped) row.org_id = ctx.orgId;
    if (fields.has('date_created') && row.date_created === undefined) row.date_created = now;
    if (fields.has('date_updated') && row.date_updated === undefined) row.date_updated = now;
    // docs/resources.md#common-rules: created_by is filled with the requester when empty (30 characters at
    // most).
    if (fields.has('created_by') && !row.created_by) row.created_by = ctx.username.slice(0, 30);
    return row;
  }

  /** A validated update as the columns to change: never the id; date and author of the change. */
  private changedRow(data: StoredRow, ctx: RequestContext): StoredRow {
    const row: StoredRow = { ...data };
    delete row.id;
    if (this.compiled.fields.has('date_updated')) row.date_updated = Date.now();
    if (this.compiled.fields.has('updated_by')) row.updated_by = ctx.username.slice(0, 30);
    return row;
  }

  /** Drops virtual fields (hooks store them elsewhere) and m2m values (link tables). */
  private storedPart(row: StoredRow): StoredRow {
    const out: StoredRow = {};
    for (const [key, value] of Object.entries(row)) {
      const field = this.compiled.fields.get(key);
      if (field && (field.virtual || field.kind === 'm2m')) continue;
      out[key] = value;
    }
    return out;
  }

  /**
   * Bulk delete of rows already selected (and counted against MAX_BULK_ITEMS by the caller): every
   * `beforeDelete` first (one refusal keeps them all), then one transaction.
   */
  async deleteRows(rows: readonly StoredRow[], ctx: RequestContext): Promise<void> {
    assertBulkSize(rows.length, ctx.language);
    const pacer = new Pacer();
    for (const row of rows) {
      await this.declaration.hooks?.beforeDelete?.(row, ctx, this.registry);
      await pacer.turn();
    }
    await this.db.transaction(async () => {
      await this.store.deleteMany(rows.map((row) => String(row.id)));
      await journalOperations(this.db, this.declaration, OPERATE_ACTIONS.delete, rows, ctx);
    });
  }

  async delete(id: string, ctx: RequestContext): Promise<void> {
    const existing = await this.get(id, ctx);
    if (!existing) throw objectMissing(this.compiled);
    await this.declaration.hooks?.beforeDelete?.(existing, ctx, this.registry);
    await this.db.transaction(async () => {
      await this.store.deleteMany([id]);
      await journalOperations(this.db, this.declaration, OPERATE_ACTIONS.delete, [existing], ctx);
    });
  }

  async purge(where: Condition): Promise<number> {
    const rows = await this.store.select({ where, order: [], limit: null, offset: 0 });
    const ids = rows.map((row) => String(row.id));
    if (ids.length > 0) await this.store.deleteMany(ids);
    return ids.length;
  }

  setColumns(id: string, values: StoredRow): Promise<void> {
    return this.store.update(id, this.encode(values));
  }

  async linked(field: string, id: string): Promise<string[]> {
    return (await this.linkedMany(field, [id])).get(id) ?? [];
  }

  private linkMemoKey(field: string, ids: readonly string[]): string {
    return `${this.compiled.table.table}\u0000${field}\u0000${ids.join(',')}`;
  }

  /** The links a page read with its rows (`page`, PostgreSQL) become the memo's answers for these rows. */
  private prefetchedLinks(
    rows: readonly StoredRow[],
    ids: readonly string[],
    memo: Map<string, Promise<Map<string, string[]>>>,
  ): void {
    const first = rows[0] ? PAGE_LINKS.get(rows[0]) : undefined;
    if (!first || !rows.every((row) => PAGE_LINKS.get(row) === first)) return;
    for (const [field, byId] of first) {
      if (!ids.every((id) => byId.has(id))) continue;
      const key = this.linkMemoKey(field, ids);
      if (!memo.has(key))
        memo.set(key, Promise.resolve(new Map(ids.map((id) => [id, [...(byId.get(id) ?? [])]]))));
    }
  }

  linkedMany(field: string, ids: readonly string[]): Promise<Map<string, string[]>> {
    // Within one serializeMany, the m2m output and computed fields asking for the same links share a read.
    const memo = LINK_MEMO.getStore();
    if (!memo) return this.store.linkedMany(field, ids);
    const key = this.linkMemoKey(field, ids);
    let links = memo.get(key);
    if (!links) memo.set(key, (links = this.store.linkedMany(field, ids)));
    return links;
  }

  link(
    field: string,
    id: string,
    targetIds: readonly string[],
    mode: 'set' | 'add' | 'remove',
  ): Promise<void> {
    return this.store.link(field, id, targetIds, mode);
  }

  /**
   * `serializeMany` of a long list (a bulk write's answer) in slices, giving other requests a turn
   * between them: computed fields of hundreds of rows add up to a long synchronous stretch otherwise.
   */
  async serializeInTurns(
    rows: readonly StoredRow[],
    ctx: RequestContext,
  ): Promise<Array<Record<string, unknown>>> {
    const out: Array<Record<string, unknown>> = [];
    for (let start = 0; start < rows.length; start += SERIALIZE_SLICE) {
      if (start > 0) await yieldToEventLoop();
      out.push(...(await this.serializeMany(rows.slice(start, start + SERIALIZE_SLICE), ctx)));
    }
    return out;
  }

  async serialize(row: StoredRow, ctx: RequestContext): Promise<Record<string, unknown>> {
    return (await this.serializeMany([row], ctx))[0] ?? {};
  }

  /**
   * Rows as the API outputs them: declared order, write-only and hidden fields left out, datetimes in the
   * wire format, m2m ids and computed values batched per list, `<field>_display` in the request language.
   */
  async serializeMany(
    rows: readonly StoredRow[],
    ctx: RequestContext,
    only?: ReadonlySet<string>,
  ): Promise<Array<Record<string, unknown>>> {
    const hidden = this.hiddenFields(ctx);
    const include = (name: string) => !hidden.has(name) && (only === undefined || only.has(name));
    const ids = rows.map((row) => String(row.id));
    const linked = new Map<string, Map<string, string[]>>();
    const computed = new Map<string, unknown[]>();
    const single = new Map<string, unknown[]>();
    // The link reads of this serialisation (and of the computed fields it runs) share one memo.
    const memo = LINK_MEMO.getStore() ?? new Map<string, Promise<Map<string, string[]>>>();
    this.prefetchedLinks(rows, ids, memo);
    await LINK_MEMO.run(memo, async () => {
      for (const [name, field] of this.compiled.fields) {
        if (field.writeOnly || !include(name)) continue;
        if (this.compiled.links.has(name)) linked.set(name, await this.linkedMany(name, ids));
        else if (field.computeMany) computed.set(name, await field.computeMany(rows, ctx, this.registry));
        else if (field.compute) {
          const compute = field.compute;
          const values: unknown[] = [];
          for (const row of rows) values.push(await compute(row, ctx, this.registry));
          single.set(name, values);
        }
      }
    });
    const orgName = this.compiled.fields.get('org_name');
    const needsOrgNames =
      orgName !== undefined && !orgName.compute && !orgName.computeMany && include('org_name');
    const orgNames = needsOrgNames ? await this.registry.orgNames() : null;
    const tz = ctx.timeZone ?? 'UTC';
    return rows.map((row, index) => {
      const out: Record<string, unknown> = {};
      for (const [name, field] of this.compiled.fields) {
        if (field.writeOnly) continue;
        if (include(name)) {
          let value: unknown;
          if (computed.has(name)) value = computed.get(name)?.[index];
          else if (single.has(name)) value = single.get(name)?.[index];
          else if (linked.has(name)) value = linked.get(name)?.get(String(row.id)) ?? [];
          else if (name === 'org_name') value = orgNameOf(orgNames, String(row.org_id ?? ''));
          else value = row[name] ?? null;
          if (field.kind === 'datetime' && typeof value === 'number') value = formatDateTime(value, tz);
          out[name] = value === undefined ? null : value;
        }
        const displayName = `${name}_display`;
        if (
          field.display &&
          field.choices &&
          include(displayName) &&
          !this.compiled.fields.has(displayName)
        ) {
          const choice = field.choices.find((c) => String(c.value) === String(row[name]));
          out[displayName] = choice ? choice.label[ctx.language] : (row[name] ?? '');
        }
      }
      return out;
    });
  }
}

/**
 * The m2m links a list page read together with its rows (`ResourceTable.page`), by decoded
 * row: the serialisation of those rows takes them instead of one more statement per m2m field.
 */
const PAGE_LINKS = new WeakMap<StoredRow, PageLinks>();

/** Link reads shared by one serialisation and the computed fields it runs (see `linkedMany`). */
const LINK_MEMO = new AsyncLocalStorage<Map<string, Promise<Map<string, string[]>>>>();

/** `org_name` of an org-scoped row: "GLOBAL" for Root, '' for none. */
function orgNameOf(names: ReadonlyMap<string, string> | null, orgId: string): string {
  if (orgId === '') return '';
  if (orgId === ROOT_ORG_ID) return 'GLOBAL';
  return names?.get(orgId) ?? '';
}

/** Every registered resource, by name and by list URL; the directory handed to hooks and extra actions. */
export class ResourceRegistry implements ResourceDirectory {
  private readonly byName = new Map<string, EngineResource>();

  constructor(
    private readonly db: Database,
    private readonly loadOrgNames: () => Promise<Map<string, string>>,
  ) {}

  add(declaration: ResourceDeclaration): EngineResource {
    if (this.byName.has(declaration.name))
      throw new Error(`resource "${declaration.name}" is declared twice`);
    const resource = new EngineResource(this.db, declaration, this);
    this.byName.set(declaration.name, resource);
    return resource;
  }

  /** Runs the additive migrations of every resource (after all are added: link tables may refer across). */
  async migrate(): Promise<void> {
    for (const resource of this.byName.values()) await resource.store.migrate();
  }

  all(): EngineResource[] {
    return [...this.byName.values()];
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  lock(name: string): Promise<void> {
    return this.db.lock(name);
  }

  get(name: string): ResourceAccess {
    return this.resource(name);
  }

  resource(name: string): EngineResource {
    const resource = this.byName.get(name);
    if (!resource) throw new Error(`unknown resource "${name}"`);
    return resource;
  }

  compiledOf(name: string): CompiledResource | undefined {
    return this.byName.get(name)?.compiled;
  }

  /**
   * id → name of every org (`org_name`), cached until the orgs table is written — by this instance or
   * any other on the database (write versions, data/write-versions.ts).
   */
  orgNames(): Promise<Map<string, string>> {
    return WriteVersions.of(this.db).cached(
      'engine:org-names',
      ORGS_TABLES,
      this.loadOrgNames,
      (names) => names.size,
    );
  }

  /** Kept for callers that change orgs; the cache follows the orgs table's write version by itself. */
  forgetOrgNames(): void {}
}

const ORGS_TABLES: ReadonlySet<string> = new Set(['orgs']);
