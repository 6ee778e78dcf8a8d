import { messageCatalogue, type MessageLookup } from '../http/message-catalogue';

/** Refusals of the user-authority rules (rbac/user-authority.ts), in the console's three languages. */
const MESSAGES = {
  manageOtherOrgs: {
    en: 'This user also belongs to organizations you do not manage; only someone who manages all of them can do this.',
    zh: '该用户还属于你无权管理的组织，只有能管理其所有组织的人才能执行此操作。',
    ja: 'このユーザーはあなたが管理していない組織にも所属しています。そのすべての組織を管理できる人だけがこの操作を行えます。',
  },
  manageNoOrg: {
    en: 'This user belongs to no organization; only a system administrator can do this.',
    zh: '该用户不属于任何组织，只有系统管理员才能执行此操作。',
    ja: 'このユーザーはどの組織にも所属していません。システム管理者だけがこの操作を行えます。',
  },
  managePrivileged: {
    en: 'This user holds a system role; only a system administrator can do this.',
    zh: '该用户拥有系统角色，只有系统管理员才能执行此操作。',
    ja: 'このユーザーはシステムロールを持っています。システム管理者だけがこの操作を行えます。',
  },
  licenseRequired: {
    en: 'License is invalid, this feature requires a valid license',
    zh: '许可证无效，此功能需要有效的许可证',
    ja: 'ライセンスが無効です。この機能には有効なライセンスが必要です',
  },
} as const;

export type RbacMessage = keyof typeof MESSAGES;

export const rbacMessage: MessageLookup<RbacMessage> = messageCatalogue(MESSAGES);
