import type { Condition } from '../data/conditions';
/**
 * A resource is declared once, here-shaped, and the engine derives the rest from it: the table and its
 * indexes (additive migrations), validation, OPTIONS metadata, list/detail/create/update/partial update/
 * delete, bulk operations, export and import. A declaration holds no SQL and no route code; only its truly
 * special endpoints are written by hand, as `extraActions`.
 *
 * Conventions: docs/http.md (metadata, lists, errors); the rules of each resource beyond its fields in
 * docs/resources.md.
 */

/** A text in the three console languages; the request language picks one (django_language, Accept-Language). */
export interface Label {
  zh: string;
  en: string;
  ja: string;
}

export type Language = keyof Label;

/**
 * Field kinds. The OPTIONS `type` each one reports follows DRF: string/text → "string" (text has no
 * max_length), integer, float, boolean, datetime, date, choice, multiple choice, uuid → "string",
 * email → "email", json → "json", fk → "field", m2m → "list"/"field", nested → "nested object".
 */
export type FieldKind =
  | 'string'
  | 'text'
  | 'email'
  | 'ip'
  | 'integer'
  | 'float'
  | 'boolean'
  | 'datetime'
  | 'date'
  | 'uuid'
  | 'choice'
  | 'multiple_choice'
  | 'json'
  | 'fk'
  | 'm2m'
  | 'nested';

export interface Choice {
  value: string | number;
  label: Label;
}

export interface FieldDeclaration {
  kind: FieldKind;
  label: Label;
  helpText?: Label;
  required?: boolean;
  readOnly?: boolean;
  writeOnly?: boolean;
  /** Answered by the detail view only, never in lists (a costly or bulky value, as v2.21 detail serializers). */
  detailOnly?: boolean;
  /** Empty values allowed on input and stored as null. */
  nullable?: boolean;
  maxLength?: number;
  minLength?: number;
  minValue?: number;
  maxValue?: number;
  choices?: readonly Choice[];
  /** Default reported in OPTIONS (not functions) and applied on create; a function is evaluated per create. */
  default?: string | number | boolean | null | readonly unknown[] | (() => unknown);
  /** Unique across the table, or within one organization for org-scoped resources. */
  unique?: boolean | 'org';
  /** Target resource name (`assets.node`) of an fk or m2m field. */
  to?: string;
  /** Sub-fields of a nested object (stored as JSON). */
  children?: Record<string, FieldDeclaration>;
  /** Emit a read-only `<field>_display` with the choice's label in the request language. */
  display?: boolean;
  /**
   * A read-only value with no column, computed per row for output (e.g. `users_amount`). The engine
   * batches nothing for you: keep it cheap or use `computeMany`.
   */
  compute?: (row: StoredRow, ctx: RequestContext, resources: ResourceDirectory) => unknown | Promise<unknown>;
  /** Not in the field groups of export templates (a password, a private key). */
  secret?: boolean;
  /** Batched form of `compute` for lists: one value per row, in order. Wins over `compute` when present. */
  computeMany?: (
    rows: readonly StoredRow[],
    ctx: RequestContext,
    resources: ResourceDirectory,
  ) => unknown[] | Promise<unknown[]>;
  /**
   * Link table of an m2m field. Default: table `<resource table>_<field>` with columns `<from>_id`
   * (this resource) and `<to>_id`; set it to adopt an existing table.
   */
  through?: { table: string; sourceColumn: string; targetColumn: string };
  /**
   * Writable but not stored by the engine: validated, then handed to the hooks in `data` (and removed
   * before the write) — for values a hook stores elsewhere (a user's password, a user's roles).
   * Read it back with `compute`/`computeMany`.
   */
  virtual?: boolean;
  /** Existing column name when it differs from the field name (adopted tables). */
  column?: string;
}

/** A row as stored: column name → value (fk columns hold the target id; m2m are not columns). */
export type StoredRow = Record<string, unknown>;

/** Who asks, where, in which language: handed to every hook and extra action. */
export interface RequestContext {
  userId: string;
  username: string;
  /** The current organization (X-JMS-ORG resolution); ROOT_ORG_ID means a read across organizations. */
  orgId: string;
  /** The user's permission codes in `orgId`; `isAdmin` short-cuts every check in scope. */
  perms: ReadonlySet<string>;
  isSystemAdmin: boolean;
  language: Language;
  /** IANA zone for datetime output (`X-TZ`); UTC when absent. */
  timeZone?: string;
  /**
   * The request's query string (first value of repeated keys); absent for internal contexts. For the few
   * resources addressed by a parameter even on writes (ticket comments: `POST …/comments/?ticket_id=`).
   */
  query?: Readonly<Record<string, string>>;
  /**
   * The requester's session (null for signed requests; absent for internal contexts). Credential changes
   * end a user's sessions but keep this one when the user changed their own password.
   */
  sessionId?: string | null;
  /**
   * The requester's address (http/client-address.ts) and `name(username)`: what the operate log records.
   * Absent for internal contexts, whose writes are not journaled (docs/audit.md#operate-logs).
   */
  remoteAddr?: string;
  userDisplay?: string;
}

export type CrudAction = 'view' | 'add' | 'change' | 'delete';

/** Field errors in the DRF shape: `{field: ["message"]}`, nested objects nested, `non_field_errors`. */
export type FieldErrors = { [field: string]: string[] | FieldErrors };

/** One of the endpoints a resource has beyond CRUD (e.g. `users/{id}/unblock/`), written by hand. */
export interface ExtraAction {
  /** Path below the list URL (`render-to-json/`) or below the detail URL when `detail` is true (`unblock/`). */
  path: string;
  detail: boolean;
  methods: readonly ('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')[];
  /** Permission codes, all required (`a|b` = either); `[]` = any signed-in user. */
  permissions: readonly string[];
  /** Refused in the root organization with a clear 400 (writes that need an organization). */
  needsOrg?: boolean;
  /**
   * The endpoint itself. The engine has already authenticated, resolved the organization, checked
   * `permissions` and `needsOrg` and — for a detail action — loaded the target row within the current
   * org scope (404 otherwise), so the handler only does its special work.
   */
  handler: ExtraActionHandler;
}

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** What an extra action receives. */
export interface ExtraActionCall {
  method: HttpMethod;
  ctx: RequestContext;
  /** The detail id of a detail action, else null. */
  id: string | null;
  /** The target row (as stored) of a detail action, else null. */
  row: StoredRow | null;
  /** Parsed JSON body (or undefined); validate it yourself or with `resources.validate`. */
  body: unknown;
  /** Query string values (first value of repeated keys). */
  query: Readonly<Record<string, string>>;
  /** Data access through the engine's storage (no SQL in declarations), by resource name. */
  resources: ResourceDirectory;
  /** The absolute origin of the request (`http://host:port`), for building URLs. */
  origin: string;
}

/** What an extra action answers: status (default 200) and a JSON body (undefined → empty, e.g. 204). */
export interface ExtraActionResult {
  status?: number;
  body?: unknown;
  headers?: Readonly<Record<string, string>>;
}

export type ExtraActionHandler = (call: ExtraActionCall) => ExtraActionResult | Promise<ExtraActionResult>;

/**
 * Engine data access to one declared resource, for hooks and extra actions. Every call is asynchronous
 * (the data layer may be PostgreSQL): `await resources.get('assets.asset').find(condition, ctx)`.
 */
export interface ResourceAccess {
  readonly declaration: ResourceDeclaration;
  /** One row by id within the current org scope of `ctx` (all orgs for Root), or null. */
  get(id: string, ctx: RequestContext): Promise<StoredRow | null>;
  /** Rows matching a storage-neutral condition within the current org scope of `ctx`. */
  find(where: Condition | null, ctx: RequestContext): Promise<StoredRow[]>;
  count(where: Condition | null, ctx: RequestContext): Promise<number>;
  /** Validated create (400 on errors) through the same hooks as POST; returns the stored row. */
  create(input: Record<string, unknown>, ctx: RequestContext): Promise<StoredRow>;
  /** Validated partial update through the same hooks as PATCH. */
  update(id: string, input: Record<string, unknown>, ctx: RequestContext): Promise<StoredRow>;
  delete(id: string, ctx: RequestContext): Promise<void>;
  /**
   * Deletes every row matching `where` in every org, past scope hooks, without hooks or journal: the
   * dependants of an object being deleted (another user's favourite of a deleted asset). Returns the count.
   */
  purge(where: Condition): Promise<number>;
  /** Raw column update without validation or hooks (counters, flags the API never writes). */
  setColumns(id: string, values: StoredRow): Promise<void>;
  /** The row as the API outputs it (computed fields, m2m ids, `_display`, org_name). */
  serialize(row: StoredRow, ctx: RequestContext): Promise<Record<string, unknown>>;
  /** Ids linked through an m2m field of this resource. */
  linked(field: string, id: string): Promise<string[]>;
  /**
   * Ids linked through an m2m field, for many rows in one read (computed list fields): every id asked
   * for is a key, in the order given; its targets in link order (empty when none).
   */
  linkedMany(field: string, ids: readonly string[]): Promise<Map<string, string[]>>;
  /** Replaces (mode 'set') or extends/reduces the links of an m2m field. */
  link(
    field: string,
    id: string,
    targetIds: readonly string[],
    mode: 'set' | 'add' | 'remove',
  ): Promise<void>;
}

export interface ResourceDirectory {
  /** Throws for an unknown name (a programming error, not bad input). */
  get(name: string): ResourceAccess;
  /** Whether a resource of that name is registered (counts over resources another area may not ship). */
  has(name: string): boolean;
  /**
   * Inside a write transaction (`beforeWrite`): holds the lock `name` until the transaction ends, against
   * every other writer on the database — on every instance (values that must not race: keys, counters).
   */
  lock(name: string): Promise<void>;
}

/**
 * State shared by the hooks of one write request: every row of a bulk create or update (one row for a
 * single write). What a hook needs about "the others" (the org's nodes, the names taken under a parent)
 * is computed once per batch here, so a bulk request costs linear work, never a re-read per item.
 */
export interface WriteBatch {
  /** The value under `key`, computed by `compute` on its first use within this batch (a promise stays one). */
  memo<T>(key: string, compute: () => T): T;
  /**
   * Runs `write` once, at the end of the batch's write transaction, after every row (from `beforeWrite`):
   * a counter the rows advanced in memory is stored once, not once per row. A later call with the same
   * key replaces the earlier one.
   */
  atCommit(key: string, write: () => void | Promise<void>): void;
}

export interface ResourceHooks {
  /** Narrows every query of this resource beyond org scoping (users: members of the current org). */
  scope?: (ctx: RequestContext) => Condition | null | Promise<Condition | null>;
  /**
   * Cross-field and database checks after per-field validation; return errors to answer 400. In a bulk
   * write every item is validated before any is written: `batch` lets a hook see the items before it.
   */
  validate?: (
    data: StoredRow,
    ctx: RequestContext,
    existing: StoredRow | null,
    resources: ResourceDirectory,
    batch: WriteBatch,
  ) => FieldErrors | null | Promise<FieldErrors | null>;
  /** May refuse (throw an ApiError: 400/403/409) or adjust the row before it is written (may await). */
  beforeSave?: (
    data: StoredRow,
    ctx: RequestContext,
    existing: StoredRow | null,
    resources: ResourceDirectory,
    batch: WriteBatch,
  ) => void | Promise<void>;
  /**
   * Inside the one transaction that writes the batch, just before this row is written: values that must
   * not race with another request (keys, counters, default names) are taken here, under a lock named after
   * what they count (`db.lock`, held until the transaction ends, on every instance). It sees the rows of the
   * batch written before it.
   */
  beforeWrite?: (
    data: StoredRow,
    ctx: RequestContext,
    existing: StoredRow | null,
    resources: ResourceDirectory,
    batch: WriteBatch,
  ) => void | Promise<void>;
  /** `input` holds the validated input including `virtual` fields (absent ones were not sent). */
  afterSave?: (
    row: StoredRow,
    ctx: RequestContext,
    created: boolean,
    input: StoredRow,
    resources: ResourceDirectory,
  ) => void | Promise<void>;
  /** May refuse with 400/403 (built-in roles, a role still bound, the current organization …). */
  beforeDelete?: (row: StoredRow, ctx: RequestContext, resources: ResourceDirectory) => void | Promise<void>;
}

export interface ResourceDeclaration {
  /** `<app>.<model>`: also the permission model (`<app>.<action>_<model>`), e.g. `assets.asset`. */
  name: string;
  /** List URL, with trailing slash: `/api/v1/assets/assets/`. Detail is `<url><id>/`. */
  url: string;
  table: string;
  /**
   * Org-scoped resources carry `org_id` and the read-only `org_id`/`org_name` fields
   * (docs/organizations.md#organization-scoped-objects).
   */
  orgScoped: boolean;
  label: Label;
  /** `id` is added by the engine (uuid, generated; optional on create) unless declared here. */
  fields: Record<string, FieldDeclaration>;
  searchFields: readonly string[];
  filterFields: readonly string[];
  orderingFields: readonly string[];
  defaultOrdering: readonly string[];
  /** `fields_size=mini|small` groups. */
  fieldsMini: readonly string[];
  fieldsSmall?: readonly string[];
  /** Column used by `date_from`/`date_to`. */
  dateRangeField?: string;
  /** Bulk DELETE guard (docs/http.md#lists): org rules, id/spm only, or refused. */
  bulkDelete: 'org' | 'ids' | false;
  /** Overrides of the CRUD permission codes (default `<app>.<action>_<model>`). */
  permissions?: Partial<Record<CrudAction, string>>;
  /**
   * Creates, updates and deletes made by requests are written to the operate log in the same transaction
   * (engine/operation-journal.ts); `false` opts out (the audit logs themselves).
   */
  journal?: boolean;
  /** Actions the resource does not allow at all (read-only resources: add, change, delete). */
  disabledActions?: readonly CrudAction[];
  /**
   * Whether the list's OPTIONS describes POST for this request although `add` is disabled: a create made by
   * an extra action (tickets' `open/`) whose form a client renders from `?action=…` metadata.
   */
  describesPost?: (ctx: RequestContext) => boolean;
  hooks?: ResourceHooks;
  extraActions?: readonly ExtraAction[];
  /**
   * After a single create has been committed: an answer other than the created row (a write that records
   * a refusal and answers 400, as a refused session join), or null for the usual 201.
   */
  createAnswer?: (row: StoredRow) => ExtraActionResult | null;
  /**
   * Filters beyond exact matches on `filterFields`: query parameter → condition (null = ignore the value).
   * They read other resources through `resources`, always within `ctx` (its org), like hooks do.
   * Reported as `filter: true` in OPTIONS when the name is also a field.
   */
  customFilters?: Readonly<
    Record<
      string,
      (
        value: string,
        ctx: RequestContext,
        resources: ResourceDirectory,
      ) => Condition | null | Promise<Condition | null>
    >
  >;
  /**
   * `GET <url>suggestions/`: the list (search, filters, order, paging; 10 per page, 100 at most) in mini
   * fields for holders of `permission` — v2.21's `match_*` codes let ordinary members pick objects (a
   * ticket's assets). Who may also browse the resource (its view permission) gets the whole list; who
   * holds only `permission` gets what `pickable` returns (e.g. what was granted to them) plus an object
   * whose `exactFields` value is exactly the search text (case-insensitive): enough to name what to
   * request, never a way to page through the inventory (docs/security.md).
   */
  suggestions?: {
    permission: string;
    pickable: (ctx: RequestContext, resources: ResourceDirectory) => Promise<Condition>;
    exactFields: readonly string[];
  };
  /** Fields hidden (output, input and OPTIONS) from requesters lacking a permission, e.g. users.system_roles. */
  fieldPermissions?: Readonly<Record<string, string>>;
  /**
   * The list's pages are a function of the stored data (tables the engine tracks), the caller and the
   * request alone — no clock, no untracked store: a page's answer is then kept whole until anything is
   * written (docs/data-layer.md#list-answers-cached-whole). Leave it off when a field or filter reads the time.
   */
  listAnswersFromData?: boolean;
  /**
   * The list stops counting at the data layer's bound (200 rows): a larger filtered set answers that many
   * as `count` with `count_is_lower_bound: true` (docs/http.md#lists). For lists so large that counting a
   * common search term exactly would cost far more than its page (the command list at a million commands);
   * every other list counts exactly.
   */
  boundedCount?: boolean;
  /**
   * Extra indexes (field names, in order) that end with a text column tested by LIKE, so that a list walking
   * its order tests the term on the index entry without reading the row (docs/data-layer.md#covering-indexes).
   * Built on SQLite only.
   */
  coveringIndexes?: ReadonlyArray<readonly string[]>;
  /**
   * A skip index for substring searches of `fields` (docs/data-layer.md#gram-blocks): the rows of each
   * value of `partitions` (plus the org) are summarised in blocks along `order`, and a list searching a term
   * reads only the ranges of the blocks that may hold it. For a large append-mostly table searched by
   * terms of one or two characters, or by terms absent from the rows its filters leave.
   */
  gramBlocks?: { fields: readonly string[]; partitions: readonly string[]; order: string };
}

/** Identity function that checks a declaration's shape at compile time. */
export function defineResource(declaration: ResourceDeclaration): ResourceDeclaration {
  return declaration;
}
