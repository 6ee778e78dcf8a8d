import { compileResource } from '../../server/src/engine/compile';
import { defineResource } from '../../server/src/engine/declaration';

/** Two small declared resources for data-layer tests: integer ids, org scope, search, fk, m2m, json. */
const l = (text: string) => ({ zh: text, en: text, ja: text });

export const kinds = compileResource(
  defineResource({
    name: 'test.kind',
    url: '/api/v1/test/kinds/',
    table: 'test_kinds',
    orgScoped: false,
    label: l('Kind'),
    fields: {
      id: { kind: 'integer', label: l('ID'), readOnly: true },
      name: { kind: 'string', label: l('Name'), unique: true },
    },
    searchFields: ['name'],
    filterFields: ['name'],
    orderingFields: ['name'],
    defaultOrdering: ['name'],
    fieldsMini: ['id', 'name'],
    bulkDelete: 'ids',
  }),
);

export const things = compileResource(
  defineResource({
    name: 'test.thing',
    url: '/api/v1/test/things/',
    table: 'test_things',
    orgScoped: true,
    label: l('Thing'),
    fields: {
      hostname: { kind: 'string', label: l('Host'), unique: 'org' },
      ip: { kind: 'string', label: l('IP') },
      is_active: { kind: 'boolean', label: l('Active') },
      meta: { kind: 'json', label: l('Meta') },
      kind: { kind: 'fk', to: 'test.kind', label: l('Kind') },
      tags: { kind: 'm2m', to: 'test.kind', label: l('Tags') },
      date_created: { kind: 'datetime', label: l('Created') },
    },
    searchFields: ['hostname', 'ip'],
    filterFields: ['hostname', 'is_active'],
    orderingFields: ['hostname'],
    defaultOrdering: ['hostname'],
    fieldsMini: ['id', 'hostname'],
    bulkDelete: 'org',
  }),
);
