import { messageCatalogue, type MessageLookup } from '../../http/message-catalogue';
import type { Label } from '../../engine/declaration';

/**
 * Every user-visible message of the asset area, in the three console languages. Wording follows v2.21
 * (assets/serializers, assets/api/node.py) where it has one.
 */
export const ASSET_MESSAGES = {
  nodeValueSlash: {
    en: 'The node name may not contain "/".',
    zh: '节点名称不能包含 "/"',
    ja: 'ノード名に "/" を含めることはできません。',
  },
  nodeValueTaken: {
    en: 'The same level node name cannot be the same',
    zh: '同级别节点名字不能重复',
    ja: '同じレベルのノード名を同じにすることはできません',
  },
  nodeValueEmpty: {
    en: 'This field may not be blank.',
    zh: '该字段不能为空。',
    ja: 'この項目は空にできません。',
  },
  rootRename: {
    en: "Can't update the root node name",
    zh: '不能修改根节点名称',
    ja: 'ルートノード名を更新できません',
  },
  rootDelete: {
    en: "Can't delete the root node",
    zh: '不能删除根节点',
    ja: 'ルートノードを削除できません',
  },
  nodeHasAssets: {
    en: 'Deletion failed and the node contains assets',
    zh: '删除失败，节点包含资产',
    ja: '削除に失敗し、ノードにアセットが含まれています',
  },
  parentUnknown: {
    en: 'The parent node does not exist in this organization.',
    zh: '父节点在当前组织中不存在',
    ja: '親ノードはこの組織に存在しません。',
  },
  nodeMoveIntoItself: {
    en: 'A node cannot be moved under itself or one of its descendants.',
    zh: '节点不能移动到自身或其子孙节点下',
    ja: 'ノードをそれ自身またはその子孫の下に移動することはできません。',
  },
  idList: {
    en: 'Expected a list of ids.',
    zh: '需要一个 ID 列表',
    ja: 'ID のリストが必要です。',
  },
  unknownIds: {
    en: 'Some of the objects do not exist in this organization: {ids}',
    zh: '部分对象在当前组织中不存在：{ids}',
    ja: '一部のオブジェクトはこの組織に存在しません: {ids}',
  },
  protocolsFormat: {
    en: 'Each protocol must look like "ssh/22" (ssh, rdp, telnet or vnc, port 1-65535).',
    zh: '每个协议格式须为 "ssh/22"（ssh、rdp、telnet 或 vnc，端口 1-65535）',
    ja: '各プロトコルは "ssh/22" の形式である必要があります (ssh、rdp、telnet、vnc、ポート 1-65535)。',
  },
  protocolsCount: {
    en: 'Between 1 and 4 protocols, without duplicate names.',
    zh: '协议数量须为 1 到 4 个，且名称不能重复',
    ja: 'プロトコルは 1～4 個で、名前の重複はできません。',
  },
  platformUnknown: {
    en: 'Object with name={name} does not exist.',
    zh: 'name={name} 的对象不存在。',
    ja: 'name={name} のオブジェクトは存在しません。',
  },
  platformInternal: {
    en: 'Internal platforms cannot be updated or deleted',
    zh: '内置平台不能更新或删除',
    ja: '内部プラットフォームは更新または削除できません',
  },
  platformInUse: {
    en: 'Is referenced by other objects and cannot be deleted',
    zh: '被其他对象引用，不能删除',
    ja: '他のオブジェクトによって参照されているため、削除できません',
  },
  labelTaken: {
    en: 'A label with this name and value already exists in this organization.',
    zh: '当前组织中已存在同名同值的标签',
    ja: 'この組織には同じ名前と値のラベルが既に存在します。',
  },
  hostnameTaken: {
    en: 'An asset with this hostname already exists in this organization.',
    zh: '当前组织中已存在该主机名的资产',
    ja: 'この組織には同じホスト名のアセットが既に存在します。',
  },
  newNodeName: {
    en: 'New node',
    zh: '新节点',
    ja: '新しいノード',
  },
} as const satisfies Record<string, Label>;

export type AssetMessage = keyof typeof ASSET_MESSAGES;

/** The message in a language, with `{name}` placeholders filled. */
export const assetMessage: MessageLookup<AssetMessage> = messageCatalogue(ASSET_MESSAGES);
