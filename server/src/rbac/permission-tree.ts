import type { Language } from '../engine/declaration';
import { PERMISSION_CATALOGUE } from './permission-catalogue';
import { permissionId } from './permission-ids';

/**
 * The permission endpoints of docs/permissions.md#roles-bindings-and-the-permission-tree: a flat list and the
 * zTree (docs/resources.md#trees).
 */

type Group = 'view_console' | 'view_workbench' | 'view_audit' | 'view_setting' | 'view_other';

const GROUP_LABELS: Record<Group | '$ROOT$', Record<Language, string>> = {
  $ROOT$: { zh: '所有权限', en: 'All permissions', ja: 'すべての権限' },
  view_console: { zh: '控制台', en: 'Console', ja: 'コンソール' },
  view_workbench: { zh: '工作台', en: 'Workbench', ja: 'ワークベンチ' },
  view_audit: { zh: '审计台', en: 'Audit view', ja: '監査ビュー' },
  view_setting: { zh: '系统设置', en: 'System setting', ja: 'システム設定' },
  view_other: { zh: '其它', en: 'Other', ja: 'その他' },
};

function groupOf(code: string): Group {
  const [app = '', codename = ''] = code.split('.');
  if (code === 'rbac.view_workbench' || code === 'rbac.view_webterminal' || code === 'rbac.view_filemanager')
    return 'view_workbench';
  if (/^view_my|^match_/.test(codename) || app === 'authentication' || code === 'ops.add_commandexecution')
    return 'view_workbench';
  if (code === 'rbac.view_audit' || app === 'audits' || /session|command$|replay/.test(codename))
    return 'view_audit';
  if (
    app === 'settings' ||
    app === 'xpack' ||
    app === 'notifications' ||
    (app === 'terminal' && !/session/.test(codename))
  )
    return 'view_setting';
  if (['users', 'assets', 'applications', 'perms', 'acls', 'ops', 'orgs', 'rbac'].includes(app))
    return 'view_console';
  return 'view_other';
}

const scoped = (scope: 'system' | 'org' | 'all') =>
  PERMISSION_CATALOGUE.map((def, index) => ({ def, id: permissionId(index) })).filter(
    ({ def }) => scope !== 'org' || !def.systemOnly,
  );

export function permissionList(
  scope: 'system' | 'org' | 'all',
  held: ReadonlySet<string> | null,
  onlyHeld: boolean,
) {
  return scoped(scope)
    .filter(({ def }) => !onlyHeld || held?.has(def.code))
    .map(({ def, id }) => {
      const [app = '', codename = ''] = def.code.split('.');
      const model = codename.slice(codename.indexOf('_') + 1);
      return {
        id,
        name: `Can ${codename.replace(/_/g, ' ')}`,
        codename,
        content_type: { id: contentTypeId(app, model), app_label: app, model },
      };
    });
}

const contentTypes = new Map<string, number>();
function contentTypeId(app: string, model: string): number {
  const key = `${app}.${model}`;
  let id = contentTypes.get(key);
  if (id === undefined) {
    id = contentTypes.size + 1;
    contentTypes.set(key, id);
  }
  return id;
}

export interface TreeNode {
  id: string;
  name: string;
  title: string;
  pId: string;
  parentInfo: string;
  isParent: boolean;
  open: boolean;
  iconSkin: string;
  nocheck: boolean;
  checked: boolean;
  halfCheck: boolean;
  chkDisabled: boolean;
  meta: { type: string; data: Record<string, unknown> };
}

/** $ROOT$ → the five view groups → apps → permissions, each checked when the role holds it. */
export function permissionTree(
  scope: 'system' | 'org' | 'all',
  held: ReadonlySet<string>,
  lang: Language,
): TreeNode[] {
  const leaves = scoped(scope).map(({ def, id }) => ({
    def,
    id,
    group: groupOf(def.code),
    app: def.code.split('.')[0] ?? '',
  }));
  const node = (
    id: string,
    name: string,
    pId: string,
    isParent: boolean,
    codes: string[],
    type: string,
    data: Record<string, unknown>,
  ): TreeNode => {
    const count = codes.filter((code) => held.has(code)).length;
    return {
      id,
      name,
      title: name,
      pId,
      parentInfo: pId,
      isParent,
      open: id === '$ROOT$',
      iconSkin: isParent ? '' : 'file',
      nocheck: false,
      checked: codes.length > 0 && count === codes.length,
      halfCheck: count > 0 && count < codes.length,
      chkDisabled: false,
      meta: { type, data },
    };
  };
  const nodes: TreeNode[] = [
    node(
      '$ROOT$',
      GROUP_LABELS.$ROOT$[lang],
      '',
      true,
      leaves.map((leaf) => leaf.def.code),
      'root',
      {},
    ),
  ];
  for (const group of [
    'view_console',
    'view_workbench',
    'view_audit',
    'view_setting',
    'view_other',
  ] as const) {
    const inGroup = leaves.filter((leaf) => leaf.group === group);
    nodes.push(
      node(
        group,
        GROUP_LABELS[group][lang],
        '$ROOT$',
        true,
        inGroup.map((leaf) => leaf.def.code),
        'view',
        {},
      ),
    );
    for (const app of [...new Set(inGroup.map((leaf) => leaf.app))]) {
      const inApp = inGroup.filter((leaf) => leaf.app === app);
      const appId = `${group}$${app}`;
      nodes.push(
        node(
          appId,
          app,
          group,
          true,
          inApp.map((leaf) => leaf.def.code),
          'app',
          { app },
        ),
      );
      for (const leaf of inApp)
        nodes.push(
          node(String(leaf.id), leaf.def.code, appId, false, [leaf.def.code], 'perm', {
            codename: leaf.def.code,
          }),
        );
    }
  }
  return nodes;
}
