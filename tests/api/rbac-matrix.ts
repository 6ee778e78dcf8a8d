import { expect, it } from 'vitest';
import { Client, type TestServer } from './harness';
import { ROOT, call, inOrg, type Answer } from './identity-helpers';

/**
 * The shared machinery of the role × action × organization matrices (issue 3): five personas, each acting
 * in its own org (A), in another org (B) and, where a matrix asks for it, in Root. Every cell is an exact
 * verdict: an allowed call must answer its success status (and pass the probe's leak checks), a denied one
 * one of the matrix's denial statuses — so any leak or any wrong status fails the test.
 */
export type Persona = 'user' | 'orgAuditor' | 'orgAdmin' | 'sysAuditor' | 'admin';
export type Where = 'own' | 'other' | 'root';

export const PERSONAS: readonly Persona[] = ['user', 'orgAuditor', 'orgAdmin', 'sysAuditor', 'admin'];

export const MATRIX_PASSWORD = 'Matrix-pass-1';

/** Personas of the matrices: org roles in org A only; the system roles make the auditor and the admin. */
export const PERSONA_USERS: Readonly<
  Record<Persona, { username: string; systemRole: string; orgRole: string }>
> = {
  user: { username: 'm_user', systemRole: 'User', orgRole: 'OrgUser' },
  orgAuditor: { username: 'm_orgauditor', systemRole: 'User', orgRole: 'OrgAuditor' },
  orgAdmin: { username: 'm_orgadmin', systemRole: 'User', orgRole: 'OrgAdmin' },
  sysAuditor: { username: 'm_sysauditor', systemRole: 'SystemAuditor', orgRole: 'OrgUser' },
  admin: { username: 'm_admin', systemRole: 'SystemAdmin', orgRole: 'OrgUser' },
};

export interface PersonaSet {
  clients: Record<Persona, Client>;
  userIds: Record<Persona, string>;
}

/** Creates the five persona users (members of `orgA` only) and signs each in. */
export async function createPersonas(server: TestServer, orgA: string): Promise<PersonaSet> {
  const clients = {} as Record<Persona, Client>;
  const userIds = {} as Record<Persona, string>;
  for (const persona of PERSONAS) {
    const { username, systemRole, orgRole } = PERSONA_USERS[persona];
    const made = await server.createUser({
      username,
      email: `${username}@m.test`,
      password: MATRIX_PASSWORD,
      systemRoles: [systemRole],
      orgRoles: [{ org: orgA, role: orgRole }],
    });
    userIds[persona] = made.id;
    clients[persona] = new Client(server.baseUrl);
    await clients[persona].login(username, MATRIX_PASSWORD);
  }
  return { clients, userIds };
}

/** The org a cell acts in. */
export const orgOf = (where: Where, orgA: string, orgB: string): string =>
  where === 'own' ? orgA : where === 'other' ? orgB : ROOT;

export interface ProbeCall {
  persona: Persona;
  where: Where;
  client: Client;
  /** X-JMS-ORG of the cell */
  headers: Record<string, string>;
}

/** One request of a cell; `action` names its verdict (`<where>:<action>`). */
export interface Probe {
  action: string;
  /** status of an allowed call (default 200) */
  ok?: number;
  run(call: ProbeCall): Promise<Answer>;
  /** further checks on an allowed answer: no foreign rows, the intended effect, nothing else changed */
  check?(answer: Answer, call: ProbeCall): void | Promise<void>;
  /** checks after any answer, allowed or not (e.g. a denied write changed nothing) */
  always?(answer: Answer, call: ProbeCall): void | Promise<void>;
}

/** `true`: allowed with the probe's success status; a number: exactly that status; absent: denied. */
export type Verdict = true | number;
export type Verdicts = Partial<Record<string, Verdict>>;

export interface MatrixCase {
  resource: string;
  probes: readonly Probe[];
  allowed: Readonly<Record<Persona, Verdicts>>;
}

export interface MatrixOptions {
  wheres: readonly Where[];
  /** statuses a denied call may answer */
  denied: readonly number[];
  clients: () => Record<Persona, Client>;
  org: (where: Where) => string;
}

/** One `it` per resource × persona × org; the probes of a cell run in order. */
export function matrixTests(cases: readonly MatrixCase[], options: MatrixOptions): void {
  for (const c of cases) {
    for (const persona of PERSONAS) {
      for (const where of options.wheres) {
        it(`${c.resource}: ${persona} in ${where} org`, async () => {
          const probeCall: ProbeCall = {
            persona,
            where,
            client: options.clients()[persona],
            headers: inOrg(options.org(where)),
          };
          for (const probe of c.probes) {
            const answer = await probe.run(probeCall);
            const verdict = c.allowed[persona][`${where}:${probe.action}`];
            const label = `${c.resource} ${persona} ${where} ${probe.action} → ${answer.status} ${JSON.stringify(answer.body)?.slice(0, 300)}`;
            if (verdict === undefined) expect(options.denied, label).toContain(answer.status);
            else {
              const expected = verdict === true ? (probe.ok ?? 200) : verdict;
              expect(answer.status, label).toBe(expected);
              if (verdict === true) await probe.check?.(answer, probeCall);
            }
            await probe.always?.(answer, probeCall);
          }
        });
      }
    }
  }
}

/** Verdicts granting these actions in these orgs. */
export function grant(wheres: readonly Where[], actions: readonly string[]): Verdicts {
  const out: Verdicts = {};
  for (const where of wheres) for (const action of actions) out[`${where}:${action}`] = true;
  return out;
}

export const CRUD_ACTIONS = ['list', 'retrieve', 'create', 'update', 'delete'] as const;

export interface CrudSpec {
  url: string;
  /** an existing object in the org of the cell (no retrieve/update probe without it) */
  detail?: (where: Where) => string;
  create?: (where: Where, n: number) => unknown | Promise<unknown>;
  update?: (where: Where, n: number) => unknown;
  /** a fresh deletable object in the org of the cell, made by someone allowed to */
  fresh?: (where: Where, n: number) => Promise<string | number>;
  /** leak checks of an allowed list */
  listCheck?: (body: unknown, call: ProbeCall) => void;
  /** leak checks of an allowed retrieve */
  retrieveCheck?: (body: unknown, call: ProbeCall) => void;
}

let counter = 0;
/** A number unique within the test file (unique names for created objects). */
export const nextNumber = (): number => (counter += 1);

/** list / retrieve / update / create / delete probes of one resource URL. */
export function crudProbes(spec: CrudSpec): Probe[] {
  const probes: Probe[] = [
    {
      action: 'list',
      run: ({ client, headers }) => call(client, 'GET', spec.url, undefined, headers),
      check: (answer, probeCall) => {
        expect(Array.isArray(answer.body), 'an unpaginated list is an array').toBe(true);
        spec.listCheck?.(answer.body, probeCall);
      },
    },
  ];
  if (spec.detail) {
    const detail = spec.detail;
    probes.push({
      action: 'retrieve',
      run: ({ client, headers, where }) =>
        call(client, 'GET', `${spec.url}${detail(where)}/`, undefined, headers),
      check: (answer, probeCall) => spec.retrieveCheck?.(answer.body, probeCall),
    });
    const update = spec.update;
    if (update)
      probes.push({
        action: 'update',
        run: ({ client, headers, where }) =>
          call(client, 'PATCH', `${spec.url}${detail(where)}/`, update(where, nextNumber()), headers),
      });
  }
  const create = spec.create;
  if (create)
    probes.push({
      action: 'create',
      ok: 201,
      run: async ({ client, headers, where }) =>
        call(client, 'POST', spec.url, await create(where, nextNumber()), headers),
    });
  const fresh = spec.fresh;
  if (fresh)
    probes.push({
      action: 'delete',
      ok: 204,
      run: async ({ client, headers, where }) => {
        const id = await fresh(where, nextNumber());
        if (id === undefined || id === '') throw new Error(`${spec.url}: no fresh object to delete`);
        return call(client, 'DELETE', `${spec.url}${id}/`, undefined, headers);
      },
    });
  return probes;
}
