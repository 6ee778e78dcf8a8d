import { afterAll, beforeAll, describe, expect } from 'vitest';
import { ADMIN_PASSWORD, Client, startTestServer, type TestServer } from './harness';
import { call, createOrg, inOrg, type Answer } from './identity-helpers';
import {
  ASSETS,
  LABELS,
  NODES,
  PLATFORMS,
  type AssetBody,
  type NodeBody,
  type TreeItem,
} from './asset-helpers';
import {
  createPersonas,
  crudProbes,
  grant,
  matrixTests,
  nextNumber,
  orgOf,
  CRUD_ACTIONS,
  MATRIX_PASSWORD,
  type MatrixCase,
  type Persona,
  type Probe,
  type ProbeCall,
  type Verdicts,
  type Where,
} from './rbac-matrix';
import { sendSiteMessage } from '../../server/src/notifications';
import { countUnread, findSiteMessage } from '../../server/src/data/stores/site-message-store';

/**
 * Role × action × organization over the asset side (assets, nodes and their tree/children/asset-link
 * endpoints, platforms, labels), the per-user site messages and the spm resource cache. Each persona acts in
 * its own org (A), another org (B) and Root; every cell is an exact verdict and every allowed read is
 * checked for the other org's rows (ids, names, org id), so a leak through a list, an id, a tree, an spm, an
 * export or a filter fails the test.
 */
let server: TestServer;
let admin: Client;
let victim: Client;
let victimId = '';
let orgA = '';
let orgB = '';
let clients = {} as Record<Persona, Client>;
let personaIds = {} as Record<Persona, string>;

const SPM = '/api/v1/common/resources/cache/';
const SITE = '/api/v1/notifications/site-message/';

interface Side {
  tag: string;
  org: string;
  label: string;
  labelValue: string;
  root: NodeBody;
  node: NodeBody;
  child: NodeBody;
  rename: NodeBody;
  asset: AssetBody;
  movable: AssetBody;
  /** an spm key of the victim (another user) naming this side's asset */
  victimSpm: string;
}
const sides = {} as Record<'A' | 'B', Side>;
const platform = { builtin: 0, custom: 0 };
const messages = { victim: [] as string[], own: {} as Record<Persona, string> };

const PER_SIDE = [
  ['A', 'alpha'],
  ['B', 'bravo'],
] as const;

async function ok<T>(answer: Promise<Answer<T>>, what: string): Promise<T> {
  const { status, body } = await answer;
  if (status >= 300) throw new Error(`${what}: ${status} ${JSON.stringify(body)}`);
  return body;
}

beforeAll(async () => {
  server = await startTestServer();
  admin = new Client(server.baseUrl);
  await admin.login('admin', ADMIN_PASSWORD);
  orgA = await createOrg(admin, 'Org A');
  orgB = await createOrg(admin, 'Org B');
  ({ clients, userIds: personaIds } = await createPersonas(server, orgA));
  victimId = (
    await server.createUser({
      username: 'victim',
      email: 'victim@m.test',
      password: MATRIX_PASSWORD,
      systemRoles: ['User'],
      orgRoles: [{ org: orgA, role: 'OrgUser' }],
    })
  ).id;
  victim = new Client(server.baseUrl);
  await victim.login('victim', MATRIX_PASSWORD);
  for (const [side, tag] of PER_SIDE) {
    const org = side === 'A' ? orgA : orgB;
    const h = inOrg(org);
    const labelValue = `val-${tag}`;
    const label = await ok(
      call<{ id: string }>(admin, 'POST', LABELS, { name: 'env', value: labelValue }, h),
      'label',
    );
    const node = await ok(call<NodeBody>(admin, 'POST', NODES, { value: `apps-${tag}` }, h), 'node');
    const child = await ok(
      call<NodeBody>(admin, 'POST', NODES, { value: `web-${tag}`, parent: node.id }, h),
      'child',
    );
    const rename = await ok(call<NodeBody>(admin, 'POST', NODES, { value: `ren-${tag}` }, h), 'node');
    const roots = await ok(
      call<NodeBody[]>(admin, 'GET', `${NODES}?key=${node.key.split(':')[0]}`, undefined, h),
      'root',
    );
    const asset = await ok(
      call<AssetBody>(
        admin,
        'POST',
        ASSETS,
        { hostname: `host-${tag}`, ip: '10.0.0.1', platform: 'Linux', nodes: [child.id], labels: [label.id] },
        h,
      ),
      'asset',
    );
    const movable = await ok(
      call<AssetBody>(
        admin,
        'POST',
        ASSETS,
        { hostname: `mov-${tag}`, ip: '10.0.0.2', platform: 'Linux' },
        h,
      ),
      'asset',
    );
    const spm = await ok(
      call<{ spm: string }>(victim, 'POST', SPM, { resources: [asset.id, label.id] }),
      'spm',
    );
    sides[side] = {
      tag,
      org,
      label: label.id,
      labelValue,
      root: roots[0] as NodeBody,
      node,
      child,
      rename,
      asset,
      movable,
      victimSpm: spm.spm,
    };
  }
  const platforms = await ok(call<Array<{ id: number; name: string }>>(admin, 'GET', PLATFORMS), 'platforms');
  platform.builtin = platforms.find((p) => p.name === 'Linux')?.id ?? 0;
  platform.custom = (
    await ok(call<{ id: number }>(admin, 'POST', PLATFORMS, { name: 'custom-m', base: 'Linux' }), 'platform')
  ).id;
  for (let i = 0; i < 3; i += 1)
    messages.victim.push(
      (
        await sendSiteMessage(server.app.db, {
          userIds: [victimId],
          subject: `for victim ${i}`,
          message: 'secret',
        })
      ).id,
    );
  for (const persona of Object.keys(personaIds) as Persona[])
    messages.own[persona] = (
      await sendSiteMessage(server.app.db, {
        userIds: [personaIds[persona]],
        subject: `for ${persona}`,
        message: 'hello',
      })
    ).id;
});

afterAll(async () => {
  await server.close();
});

const org = (where: Where) => orgOf(where, orgA, orgB);
/** The side a cell acts on (Root acts on org A's objects, which it sees with B's). */
const mine = (where: Where): Side => (where === 'other' ? sides.B : sides.A);
const theirs = (where: Where): Side => (where === 'other' ? sides.A : sides.B);

/** Every string by which a side's objects could show up in another org's answer. */
const traces = (side: Side): string[] => [
  side.org,
  side.label,
  side.labelValue,
  side.node.id,
  side.child.id,
  side.rename.id,
  side.root.id,
  side.asset.id,
  side.movable.id,
  `host-${side.tag}`,
  `mov-${side.tag}`,
  `apps-${side.tag}`,
  `web-${side.tag}`,
];

/** Outside Root nothing of the other org may appear; in Root (admin only) both orgs do. */
function expectNoLeak(body: unknown, where: Where, what: string): void {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  if (where === 'root') return;
  for (const trace of traces(theirs(where)))
    expect(text.includes(trace), `${what} shows ${trace} of the other org`).toBe(false);
}

const ids = (body: unknown): string[] =>
  (Array.isArray(body) ? body : []).map((row) => String((row as { id: unknown }).id));

const get = (url: string) => (c: ProbeCall) => call(c.client, 'GET', url, undefined, c.headers);

/** A GET probe whose allowed answer must hold exactly `expected(where)` ids (set equality, any order). */
function exactIds(
  action: string,
  url: (where: Where) => string,
  expected: (where: Where) => string[],
): Probe {
  return {
    action,
    run: (c) => call(c.client, 'GET', url(c.where), undefined, c.headers),
    check: (answer, { where }) => {
      expect(ids(answer.body).sort(), `${action} in ${where}`).toEqual([...expected(where)].sort());
    },
  };
}

/** The admin reads an object of a side (in its org) to see that a refused call left it alone. */
async function adminRead<T>(url: string, side: Side): Promise<T> {
  return ok(call<T>(admin, 'GET', url, undefined, inOrg(side.org)), `read ${url}`);
}

const none: Verdicts = {};
const orgAdminAndAdmin = (own: Verdicts, root: Verdicts): Record<Persona, Verdicts> => ({
  user: none,
  orgAuditor: none,
  sysAuditor: none,
  orgAdmin: own,
  admin: { ...own, ...otherFrom(own), ...root },
});
/** The admin does in org B what the org admin does in org A. */
function otherFrom(own: Verdicts): Verdicts {
  const out: Verdicts = {};
  for (const [key, verdict] of Object.entries(own)) out[key.replace(/^own:/, 'other:')] = verdict;
  return out;
}
/** Every action in `actions` with the same verdict in the org `where`. */
function at(where: Where, actions: readonly string[], verdict: true | number = true): Verdicts {
  const out: Verdicts = {};
  for (const action of actions) out[`${where}:${action}`] = verdict;
  return out;
}

// ---------------------------------------------------------------- list-side probes shared by resources

/** OPTIONS: any permission of the resource in the org. */
const optionsProbe = (url: string): Probe => ({
  action: 'options',
  run: (c) => call(c.client, 'OPTIONS', url, undefined, c.headers),
});

/** `?format=csv`: the export shows the org's rows only (both orgs in Root). */
const exportProbe = (url: string, mark: (side: Side) => string): Probe => ({
  action: 'export',
  run: get(`${url}?format=csv`),
  check: (answer, { where }) => {
    expect(typeof answer.body).toBe('string');
    expect(String(answer.body)).toContain(mark(mine(where)));
    if (where === 'root') expect(String(answer.body)).toContain(mark(theirs(where)));
    expectNoLeak(answer.body, where, 'export');
  },
});

/** spm: one's own key narrows to the ids visible in the org; another user's key answers nothing. */
const spmProbes = (url: string, idOf: (side: Side) => string): Probe[] => [
  {
    action: 'spm-own',
    run: async (c) => {
      const key = await ok(
        call<{ spm: string }>(c.client, 'POST', SPM, { resources: [idOf(sides.A), idOf(sides.B)] }),
        'spm',
      );
      return call(c.client, 'GET', `${url}?spm=${key.spm}`, undefined, c.headers);
    },
    check: (answer, { where }) => {
      const expected = where === 'root' ? [idOf(sides.A), idOf(sides.B)] : [idOf(mine(where))];
      expect(ids(answer.body).sort()).toEqual(expected.sort());
    },
  },
  {
    action: 'spm-foreign',
    run: (c) => call(c.client, 'GET', `${url}?spm=${mine(c.where).victimSpm}`, undefined, c.headers),
    check: (answer) => expect(answer.body).toEqual([]),
  },
  {
    action: 'spm-foreign-export',
    run: (c) =>
      call(c.client, 'GET', `${url}?format=csv&spm=${mine(c.where).victimSpm}`, undefined, c.headers),
    // only the header line
    check: (answer) => expect(String(answer.body).trim().split('\n')).toHaveLength(1),
  },
];

// ---------------------------------------------------------------- assets

const assetProbes: Probe[] = [
  ...crudProbes({
    url: ASSETS,
    detail: (where) => mine(where).asset.id,
    create: (_where, n) => ({ hostname: `new-${n}`, ip: '10.1.0.1', platform: 'Linux' }),
    update: () => ({ comment: 'changed' }),
    fresh: async (where, n) =>
      (
        await ok(
          call<{ id: string }>(
            admin,
            'POST',
            ASSETS,
            { hostname: `fresh-${n}`, ip: '10.2.0.1', platform: 'Linux' },
            inOrg(mine(where).org),
          ),
          'fresh asset',
        )
      ).id,
    listCheck: (body, { where }) => {
      expect(ids(body)).toContain(mine(where).asset.id);
      if (where === 'root') expect(ids(body)).toContain(theirs(where).asset.id);
      expectNoLeak(body, where, 'asset list');
    },
    retrieveCheck: (body, { where }) => {
      const asset = body as AssetBody;
      expect(asset.org_id).toBe(mine(where).org);
      expect(asset.labels).toEqual([mine(where).label]);
      expectNoLeak(body, where, 'asset');
    },
  }),
  {
    action: 'retrieve-foreign',
    run: (c) => call(c.client, 'GET', `${ASSETS}${theirs(c.where).asset.id}/`, undefined, c.headers),
  },
  {
    action: 'update-foreign',
    run: (c) =>
      call(c.client, 'PATCH', `${ASSETS}${theirs(c.where).asset.id}/`, { comment: 'changed' }, c.headers),
  },
  {
    action: 'delete-foreign',
    run: async (c) => {
      const side = theirs(c.where);
      const made = await ok(
        call<{ id: string }>(
          admin,
          'POST',
          ASSETS,
          { hostname: `victim-${nextNumber()}`, ip: '10.3.0.1', platform: 'Linux' },
          inOrg(side.org),
        ),
        'asset',
      );
      return call(c.client, 'DELETE', `${ASSETS}${made.id}/`, undefined, c.headers);
    },
    ok: 204,
  },
  optionsProbe(ASSETS),
  {
    action: 'options-foreign',
    run: (c) => call(c.client, 'OPTIONS', `${ASSETS}${theirs(c.where).asset.id}/`, undefined, c.headers),
  },
  exportProbe(ASSETS, (side) => `host-${side.tag}`),
  ...spmProbes(ASSETS, (side) => side.asset.id),
  // The node filter: uuid or key, the node's whole subtree; another org's node matches nothing.
  exactIds(
    'filter-node',
    (w) => `${ASSETS}?node=${mine(w).node.id}`,
    (w) => [mine(w).asset.id],
  ),
  exactIds(
    'filter-node-key',
    (w) => `${ASSETS}?node=${mine(w).node.key}`,
    (w) => [mine(w).asset.id],
  ),
  exactIds(
    'filter-node-foreign',
    (w) => `${ASSETS}?node_id=${theirs(w).node.id}`,
    (w) => (w === 'root' ? [theirs(w).asset.id] : []),
  ),
  exactIds(
    'filter-node-foreign-key',
    (w) => `${ASSETS}?node=${theirs(w).node.key}`,
    (w) => (w === 'root' ? [theirs(w).asset.id] : []),
  ),
  exactIds(
    'filter-label',
    (w) => `${ASSETS}?label=env:${mine(w).labelValue}`,
    (w) => [mine(w).asset.id],
  ),
  exactIds(
    'filter-label-foreign',
    (w) => `${ASSETS}?label=env:${theirs(w).labelValue}`,
    (w) => (w === 'root' ? [theirs(w).asset.id] : []),
  ),
  exactIds(
    'filter-ids-foreign',
    (w) => `${ASSETS}?ids=${theirs(w).asset.id}`,
    (w) => (w === 'root' ? [theirs(w).asset.id] : []),
  ),
  exactIds(
    'search-foreign',
    (w) => `${ASSETS}?search=host-${theirs(w).tag}`,
    (w) => (w === 'root' ? [theirs(w).asset.id] : []),
  ),
  {
    action: 'create-foreign-links',
    run: (c) =>
      call(
        c.client,
        'POST',
        ASSETS,
        {
          hostname: `sneaky-${nextNumber()}`,
          ip: '10.4.0.1',
          platform: 'Linux',
          labels: [theirs(c.where).label],
          nodes: [theirs(c.where).node.id],
        },
        c.headers,
      ),
  },
  {
    action: 'update-foreign-links',
    run: (c) =>
      call(
        c.client,
        'PATCH',
        `${ASSETS}${mine(c.where).asset.id}/`,
        { labels: [theirs(c.where).label], nodes: [theirs(c.where).node.id] },
        c.headers,
      ),
    always: async (_answer, { where }) => {
      const asset = await adminRead<AssetBody>(`${ASSETS}${mine(where).asset.id}/`, mine(where));
      expect(asset.labels).toEqual([mine(where).label]);
      expect(asset.nodes).toEqual([mine(where).child.id]);
    },
  },
  {
    action: 'bulk-update-foreign',
    run: (c) =>
      call(c.client, 'PATCH', ASSETS, [{ id: theirs(c.where).asset.id, comment: 'bulk' }], c.headers),
  },
  {
    action: 'bulk-delete-foreign',
    ok: 204,
    run: async (c) => {
      const side = theirs(c.where);
      const made = await ok(
        call<{ id: string }>(
          admin,
          'POST',
          ASSETS,
          { hostname: `bulk-victim-${nextNumber()}`, ip: '10.5.0.1', platform: 'Linux' },
          inOrg(side.org),
        ),
        'asset',
      );
      const answer = await call(c.client, 'DELETE', `${ASSETS}?ids=${made.id}`, undefined, c.headers);
      const still = await call(admin, 'GET', `${ASSETS}${made.id}/`, undefined, inOrg(side.org));
      // Only the system admin in Root reaches it; everyone else leaves it in place.
      expect(still.status, 'the other org asset after a bulk delete').toBe(
        c.where === 'root' && answer.status === 204 ? 404 : 200,
      );
      return answer;
    },
  },
  {
    action: 'bulk-delete-foreign-spm',
    ok: 204,
    run: (c) => call(c.client, 'DELETE', `${ASSETS}?spm=${mine(c.where).victimSpm}`, undefined, c.headers),
    always: async (_answer, { where }) => {
      await adminRead(`${ASSETS}${mine(where).asset.id}/`, mine(where));
    },
  },
];

const ASSET_OWN = [
  ...CRUD_ACTIONS,
  'options',
  'export',
  'spm-own',
  'spm-foreign',
  'spm-foreign-export',
  'filter-node',
  'filter-node-key',
  'filter-node-foreign',
  'filter-node-foreign-key',
  'filter-label',
  'filter-label-foreign',
  'filter-ids-foreign',
  'search-foreign',
  'bulk-delete-foreign',
  'bulk-delete-foreign-spm',
];

const assetsCase: MatrixCase = {
  resource: 'assets',
  probes: assetProbes,
  allowed: orgAdminAndAdmin(
    {
      ...at('own', ASSET_OWN),
      // another org's asset is not there, not even by id; links to its objects are refused
      ...at('own', ['retrieve-foreign', 'options-foreign', 'update-foreign', 'delete-foreign'], 404),
      ...at('own', ['create-foreign-links', 'update-foreign-links', 'bulk-update-foreign'], 400),
    },
    {
      ...at('root', ASSET_OWN),
      ...at('root', [
        'retrieve-foreign',
        'options-foreign',
        'update-foreign',
        'delete-foreign',
        'bulk-update-foreign',
      ]),
      // Root reads across orgs; creation needs an org (clear 400); links never cross orgs
      ...at('root', ['create', 'create-foreign-links', 'update-foreign-links'], 400),
    },
  ),
};

// ---------------------------------------------------------------- nodes

const nodeIdsIn = (body: unknown): string[] =>
  (Array.isArray(body) ? (body as TreeItem[]) : [])
    .filter((item) => item.meta?.type === 'node')
    .map((item) => String(item.meta.data.id));

const treeCheck = (expected: (side: Side) => string[]) => (answer: Answer, c: ProbeCall) => {
  const got = nodeIdsIn(answer.body);
  for (const id of expected(mine(c.where))) expect(got).toContain(id);
  if (c.where === 'root') for (const id of expected(theirs(c.where))) expect(got).toContain(id);
  expectNoLeak(answer.body, c.where, 'tree');
};

const nodeAction =
  (method: string, path: (w: Where) => string, body?: (w: Where) => unknown) =>
  (c: ProbeCall): Promise<Answer> =>
    call(c.client, method, `${NODES}${path(c.where)}`, body?.(c.where), c.headers);

/** A fresh node of the side's org (made by the admin). */
async function freshNode(side: Side, value: string): Promise<NodeBody> {
  return ok(call<NodeBody>(admin, 'POST', NODES, { value }, inOrg(side.org)), 'node');
}

/** The movable asset is back in its org's root, ready for the next cell. */
async function resetMovable(side: Side): Promise<void> {
  await ok(
    call(
      admin,
      'PUT',
      `${NODES}${side.root.id}/assets/replace/`,
      { assets: [side.movable.id] },
      inOrg(side.org),
    ),
    'reset movable',
  );
}

async function movableNodes(side: Side): Promise<string[]> {
  return (await adminRead<AssetBody>(`${ASSETS}${side.movable.id}/`, side)).nodes;
}

/** The other org's fixtures are as they were: its movable asset in its root, its child under its node. */
async function theirsUntouched(_answer: Answer, { where }: ProbeCall): Promise<void> {
  const side = theirs(where);
  expect(await movableNodes(side)).toEqual([side.root.id]);
  const child = await adminRead<NodeBody>(`${NODES}${side.child.id}/`, side);
  expect(child.key.startsWith(`${side.node.key}:`)).toBe(true);
}

const nodeProbes: Probe[] = [
  ...crudProbes({
    url: NODES,
    detail: (where) => mine(where).node.id,
    create: (_where, n) => ({ value: `n-${n}` }),
    fresh: async (where, n) => (await freshNode(mine(where), `fresh-${n}`)).id,
    listCheck: (body, { where }) => {
      expect(ids(body)).toEqual(expect.arrayContaining([mine(where).node.id, mine(where).child.id]));
      if (where === 'root') expect(ids(body)).toContain(theirs(where).node.id);
      expectNoLeak(body, where, 'node list');
    },
    retrieveCheck: (body, { where }) => expectNoLeak(body, where, 'node'),
  }),
  {
    action: 'update',
    run: (c) =>
      call(
        c.client,
        'PATCH',
        `${NODES}${mine(c.where).rename.id}/`,
        { value: `ren-${nextNumber()}` },
        c.headers,
      ),
  },
  {
    action: 'update-foreign',
    run: (c) =>
      call(
        c.client,
        'PATCH',
        `${NODES}${theirs(c.where).rename.id}/`,
        { value: `x-${nextNumber()}` },
        c.headers,
      ),
  },
  {
    action: 'delete-foreign',
    ok: 204,
    run: async (c) => {
      const node = await freshNode(theirs(c.where), `foreign-${nextNumber()}`);
      return call(c.client, 'DELETE', `${NODES}${node.id}/`, undefined, c.headers);
    },
  },
  {
    action: 'create-foreign-parent',
    run: (c) => call(c.client, 'POST', NODES, { value: 'x', parent: theirs(c.where).node.id }, c.headers),
  },
  optionsProbe(NODES),
  exportProbe(NODES, (side) => `apps-${side.tag}`),
  ...spmProbes(NODES, (side) => side.node.id),
  {
    action: 'tree',
    run: get(`${NODES}tree/`),
    check: treeCheck((side) => [side.root.id, side.node.id, side.child.id]),
  },
  {
    action: 'children-tree',
    run: get(`${NODES}children/tree/?assets=1`),
    check: treeCheck((side) => [side.root.id]),
  },
  {
    action: 'children-tree-all',
    run: get(`${NODES}children/tree/?all=all`),
    check: treeCheck((side) => [side.root.id, side.node.id, side.child.id]),
  },
  {
    action: 'children-tree-id',
    run: nodeAction('GET', (w) => `children/tree/?id=${mine(w).node.id}&assets=1`),
    check: (answer, c) => {
      expect(nodeIdsIn(answer.body)).toEqual([mine(c.where).child.id]);
      expectNoLeak(answer.body, c.where, 'children tree');
    },
  },
  {
    action: 'children-tree-foreign',
    run: nodeAction('GET', (w) => `children/tree/?id=${theirs(w).node.id}`),
    check: (answer, c) => expect(nodeIdsIn(answer.body)).toEqual([theirs(c.where).child.id]),
  },
  {
    action: 'children-tree-foreign-key',
    run: nodeAction('GET', (w) => `children/tree/?key=${theirs(w).node.key}&assets=1`),
    check: (answer, c) => expect(nodeIdsIn(answer.body)).toEqual([theirs(c.where).child.id]),
  },
  {
    action: 'detail-children-tree-foreign',
    run: nodeAction('GET', (w) => `${theirs(w).node.id}/children/tree/?assets=1`),
  },
  {
    action: 'children',
    run: nodeAction('GET', (w) => `${mine(w).node.id}/children/`),
    check: (answer, c) => expect(ids(answer.body)).toEqual([mine(c.where).child.id]),
  },
  {
    action: 'children-query',
    run: nodeAction('GET', (w) => `children/?key=${mine(w).node.key}`),
    check: (answer, c) => expect(ids(answer.body)).toEqual([mine(c.where).child.id]),
  },
  { action: 'children-foreign', run: nodeAction('GET', (w) => `${theirs(w).node.id}/children/`) },
  { action: 'children-query-foreign', run: nodeAction('GET', (w) => `children/?id=${theirs(w).node.id}`) },
  {
    action: 'create-child',
    ok: 201,
    run: nodeAction(
      'POST',
      (w) => `${mine(w).rename.id}/children/`,
      () => ({ value: `c-${nextNumber()}` }),
    ),
  },
  {
    action: 'create-child-foreign',
    run: nodeAction(
      'POST',
      (w) => `${theirs(w).node.id}/children/`,
      () => ({ value: `c-${nextNumber()}` }),
    ),
    always: theirsUntouched,
  },
  {
    action: 'node-assets',
    run: nodeAction('GET', (w) => `${mine(w).node.id}/assets/?all=1`),
    check: (answer, c) => {
      expect(ids(answer.body)).toEqual([mine(c.where).asset.id]);
      expectNoLeak(answer.body, c.where, 'node assets');
    },
  },
  { action: 'node-assets-foreign', run: nodeAction('GET', (w) => `${theirs(w).node.id}/assets/?all=1`) },
  {
    action: 'assets-add',
    run: nodeAction(
      'PUT',
      (w) => `${mine(w).node.id}/assets/add/`,
      (w) => ({ assets: [mine(w).movable.id] }),
    ),
    check: async (_answer, { where }) => {
      expect((await movableNodes(mine(where))).sort()).toEqual(
        [mine(where).root.id, mine(where).node.id].sort(),
      );
    },
  },
  {
    action: 'assets-replace',
    run: nodeAction(
      'PATCH',
      (w) => `${mine(w).node.id}/assets/replace/`,
      (w) => ({
        assets: [mine(w).movable.id],
      }),
    ),
    check: async (_answer, { where }) => {
      expect(await movableNodes(mine(where))).toEqual([mine(where).node.id]);
    },
  },
  {
    action: 'assets-remove',
    run: nodeAction(
      'PUT',
      (w) => `${mine(w).node.id}/assets/remove/`,
      (w) => ({
        assets: [mine(w).movable.id],
      }),
    ),
    // the orphan goes back to its org root
    check: async (_answer, { where }) => {
      expect(await movableNodes(mine(where))).toEqual([mine(where).root.id]);
    },
    always: async (_answer, { where }) => resetMovable(mine(where)),
  },
  // another org's asset into my node, my asset into another org's node: neither moves anything
  ...(['add', 'replace', 'remove'] as const).flatMap((mode): Probe[] => [
    {
      action: `assets-${mode}-foreign-asset`,
      run: nodeAction(
        'PUT',
        (w) => `${mine(w).node.id}/assets/${mode}/`,
        (w) => ({
          assets: [theirs(w).movable.id],
        }),
      ),
      always: theirsUntouched,
    },
    {
      action: `assets-${mode}-foreign-node`,
      run: nodeAction(
        'PUT',
        (w) => `${theirs(w).node.id}/assets/${mode}/`,
        (w) => ({
          assets: [theirs(w).movable.id],
        }),
      ),
      always: theirsUntouched,
    },
  ]),
  {
    action: 'children-add',
    run: async (c) => {
      const moving = await freshNode(mine(c.where), `move-${nextNumber()}`);
      return call(
        c.client,
        'PUT',
        `${NODES}${mine(c.where).rename.id}/children/add/`,
        { nodes: [moving.id] },
        c.headers,
      );
    },
  },
  {
    action: 'children-add-foreign',
    run: nodeAction(
      'PUT',
      (w) => `${mine(w).rename.id}/children/add/`,
      (w) => ({ nodes: [theirs(w).child.id] }),
    ),
    always: theirsUntouched,
  },
  {
    action: 'children-add-foreign-target',
    run: nodeAction(
      'PUT',
      (w) => `${theirs(w).rename.id}/children/add/`,
      (w) => ({ nodes: [theirs(w).child.id] }),
    ),
    always: theirsUntouched,
  },
];

const NODE_READS = [
  'list',
  'retrieve',
  'options',
  'export',
  'spm-own',
  'spm-foreign',
  'spm-foreign-export',
  'tree',
  'children-tree',
  'children-tree-all',
  'children-tree-id',
  'children',
  'children-query',
  'node-assets',
];
const NODE_WRITES = [
  'create',
  'update',
  'delete',
  'create-child',
  'assets-add',
  'assets-replace',
  'assets-remove',
  'children-add',
];
const NODE_FOREIGN_READS = [
  'children-tree-foreign',
  'children-tree-foreign-key',
  'detail-children-tree-foreign',
  'children-foreign',
  'children-query-foreign',
  'node-assets-foreign',
];
const NODE_FOREIGN_LINKS = [
  'create-foreign-parent',
  'assets-add-foreign-asset',
  'assets-replace-foreign-asset',
  'assets-remove-foreign-asset',
  'children-add-foreign',
];
const NODE_FOREIGN_TARGETS = [
  'update-foreign',
  'delete-foreign',
  'create-child-foreign',
  'assets-add-foreign-node',
  'assets-replace-foreign-node',
  'assets-remove-foreign-node',
  'children-add-foreign-target',
];

const nodesCase: MatrixCase = {
  resource: 'nodes',
  probes: nodeProbes,
  allowed: orgAdminAndAdmin(
    {
      ...at('own', [...NODE_READS, ...NODE_WRITES]),
      // another org's node is not there (404), another org's asset or node is no valid input (400)
      ...at('own', [...NODE_FOREIGN_READS, ...NODE_FOREIGN_TARGETS], 404),
      ...at('own', NODE_FOREIGN_LINKS, 400),
    },
    {
      ...at('root', [
        ...NODE_READS,
        'update',
        'delete',
        ...NODE_FOREIGN_READS,
        'update-foreign',
        'delete-foreign',
      ]),
      // writes that place something in an org need one (clear 400)
      ...at(
        'root',
        [
          'create',
          'create-foreign-parent',
          ...NODE_WRITES.filter((a) => !['create', 'update', 'delete'].includes(a)),
          ...NODE_FOREIGN_LINKS,
          ...NODE_FOREIGN_TARGETS.filter((a) => a !== 'update-foreign' && a !== 'delete-foreign'),
        ],
        400,
      ),
    },
  ),
};

// ---------------------------------------------------------------- labels

const labelProbes: Probe[] = [
  ...crudProbes({
    url: LABELS,
    detail: (where) => mine(where).label,
    create: (_where, n) => ({ name: 'k', value: `v-${n}` }),
    update: () => ({ comment: 'changed' }),
    fresh: async (where, n) =>
      (
        await ok(
          call<{ id: string }>(admin, 'POST', LABELS, { name: 'f', value: `f-${n}` }, inOrg(mine(where).org)),
          'label',
        )
      ).id,
    listCheck: (body, { where }) => {
      expect(ids(body)).toContain(mine(where).label);
      if (where === 'root') expect(ids(body)).toContain(theirs(where).label);
      expectNoLeak(body, where, 'label list');
    },
    retrieveCheck: (body, { where }) => {
      expect((body as { assets: string[] }).assets).toEqual([mine(where).asset.id]);
      expectNoLeak(body, where, 'label');
    },
  }),
  {
    action: 'retrieve-foreign',
    run: (c) => call(c.client, 'GET', `${LABELS}${theirs(c.where).label}/`, undefined, c.headers),
  },
  {
    action: 'update-foreign',
    run: (c) => call(c.client, 'PATCH', `${LABELS}${theirs(c.where).label}/`, { comment: 'x' }, c.headers),
  },
  optionsProbe(LABELS),
  exportProbe(LABELS, (side) => side.labelValue),
  ...spmProbes(LABELS, (side) => side.label),
  exactIds(
    'filter-foreign',
    (w) => `${LABELS}?value=${theirs(w).labelValue}`,
    (w) => (w === 'root' ? [theirs(w).label] : []),
  ),
  {
    action: 'create-foreign-assets',
    run: (c) =>
      call(
        c.client,
        'POST',
        LABELS,
        { name: 'x', value: `x-${nextNumber()}`, assets: [theirs(c.where).asset.id] },
        c.headers,
      ),
  },
  {
    action: 'update-foreign-assets',
    run: (c) =>
      call(
        c.client,
        'PATCH',
        `${LABELS}${mine(c.where).label}/`,
        { assets: [theirs(c.where).asset.id] },
        c.headers,
      ),
    always: async (_answer, { where }) => {
      const label = await adminRead<{ assets: string[] }>(`${LABELS}${mine(where).label}/`, mine(where));
      expect(label.assets).toEqual([mine(where).asset.id]);
    },
  },
];

const LABEL_OWN = [
  ...CRUD_ACTIONS,
  'options',
  'export',
  'spm-own',
  'spm-foreign',
  'spm-foreign-export',
  'filter-foreign',
];

const labelsCase: MatrixCase = {
  resource: 'labels',
  probes: labelProbes,
  allowed: orgAdminAndAdmin(
    {
      ...at('own', LABEL_OWN),
      ...at('own', ['retrieve-foreign', 'update-foreign'], 404),
      ...at('own', ['create-foreign-assets', 'update-foreign-assets'], 400),
    },
    {
      ...at('root', [...LABEL_OWN, 'retrieve-foreign', 'update-foreign']),
      ...at('root', ['create', 'create-foreign-assets', 'update-foreign-assets'], 400),
    },
  ),
};

// ---------------------------------------------------------------- platforms (global)

const platformsCase: MatrixCase = {
  resource: 'platforms',
  probes: [
    ...crudProbes({
      url: PLATFORMS,
      detail: () => String(platform.builtin),
      create: (_where, n) => ({ name: `plat-${n}`, base: 'Linux' }),
      fresh: async (_where, n) =>
        (await ok(call<{ id: number }>(admin, 'POST', PLATFORMS, { name: `fresh-plat-${n}` }), 'platform'))
          .id,
    }),
    {
      action: 'update',
      run: (c) =>
        call(c.client, 'PATCH', `${PLATFORMS}${platform.custom}/`, { comment: 'changed' }, c.headers),
    },
    optionsProbe(PLATFORMS),
  ],
  // Platforms are global: viewing is an org-level code (asset forms), writing is system-only.
  allowed: {
    user: none,
    orgAuditor: none,
    sysAuditor: none,
    orgAdmin: grant(['own'], ['list', 'retrieve', 'options']),
    admin: grant(['own', 'other', 'root'], [...CRUD_ACTIONS, 'options']),
  },
};

// ---------------------------------------------------------------- site messages (per user, any org header)

const siteMessagesCase: MatrixCase = {
  resource: 'site messages',
  probes: [
    {
      action: 'list',
      run: get(SITE),
      check: (answer, { persona }) => {
        expect(ids(answer.body)).toEqual([messages.own[persona]]);
      },
    },
    {
      action: 'list-unread',
      run: get(`${SITE}?has_read=false&limit=15&offset=0`),
      check: (answer) => {
        const text = JSON.stringify(answer.body);
        for (const id of messages.victim) expect(text.includes(id)).toBe(false);
      },
    },
    {
      action: 'retrieve',
      run: (c) => call(c.client, 'GET', `${SITE}${messages.own[c.persona]}/`, undefined, c.headers),
    },
    {
      action: 'retrieve-foreign',
      run: (c) => call(c.client, 'GET', `${SITE}${messages.victim[0]}/`, undefined, c.headers),
    },
    {
      action: 'unread-total',
      run: get(`${SITE}unread-total/`),
      check: async (answer, { persona }) =>
        expect(answer.body).toEqual({ total: await countUnread(server.app.db, personaIds[persona]) }),
    },
    {
      action: 'mark-foreign',
      run: (c) => call(c.client, 'PATCH', `${SITE}mark-as-read/`, { ids: [messages.victim[1]] }, c.headers),
      always: async () => {
        expect((await findSiteMessage(server.app.db, victimId, messages.victim[1] as string))?.hasRead).toBe(
          false,
        );
      },
    },
    {
      action: 'mark-own',
      run: (c) =>
        call(c.client, 'PATCH', `${SITE}mark-as-read/`, { ids: [messages.own[c.persona]] }, c.headers),
      check: async (_answer, { persona }) =>
        expect(
          (await findSiteMessage(server.app.db, personaIds[persona], messages.own[persona]))?.hasRead,
        ).toBe(true),
    },
    {
      action: 'mark-all',
      run: (c) => call(c.client, 'PATCH', `${SITE}mark-as-read-all/`, {}, c.headers),
      always: async () => expect(await countUnread(server.app.db, victimId)).toBe(messages.victim.length),
    },
  ],
  allowed: Object.fromEntries(
    (['user', 'orgAuditor', 'orgAdmin', 'sysAuditor', 'admin'] as const).map((persona) => [
      persona,
      {
        ...grant(
          ['own', 'other', 'root'],
          ['list', 'list-unread', 'retrieve', 'unread-total', 'mark-foreign', 'mark-own', 'mark-all'],
        ),
        // another user's message does not exist for the caller
        ...at('own', ['retrieve-foreign'], 404),
        ...at('other', ['retrieve-foreign'], 404),
        ...at('root', ['retrieve-foreign'], 404),
      },
    ]),
  ) as Record<Persona, Verdicts>,
};

// ---------------------------------------------------------------- the spm cache itself

const spmCase: MatrixCase = {
  resource: 'spm cache',
  probes: [
    {
      action: 'put',
      run: (c) => call(c.client, 'POST', SPM, { resources: [sides.A.asset.id, sides.B.asset.id] }, c.headers),
      check: (answer) => expect((answer.body as { spm: string }).spm).toMatch(/^[0-9a-f-]{36}$/),
    },
    {
      // what one user put under a key is nothing to anyone else, even the system admin in Root
      action: 'lend',
      run: async (c) => {
        const key = await ok(
          call<{ spm: string }>(c.client, 'POST', SPM, { resources: [sides.A.asset.id, sides.B.asset.id] }),
          'spm',
        );
        return call(admin, 'GET', `${ASSETS}?spm=${key.spm}`, undefined, inOrg(orgOf('root', orgA, orgB)));
      },
      check: (answer) => expect(answer.body).toEqual([]),
    },
  ],
  allowed: Object.fromEntries(
    (['user', 'orgAuditor', 'orgAdmin', 'sysAuditor', 'admin'] as const).map((persona) => [
      persona,
      grant(['own', 'other', 'root'], ['put', 'lend']),
    ]),
  ) as Record<Persona, Verdicts>,
};

describe('asset side: role × action × organization matrix', () => {
  matrixTests([assetsCase, nodesCase, labelsCase, platformsCase, siteMessagesCase, spmCase], {
    wheres: ['own', 'other', 'root'],
    denied: [403],
    clients: () => clients,
    org,
  });
});
