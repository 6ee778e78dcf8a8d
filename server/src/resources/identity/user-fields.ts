import type { FieldDeclaration } from '../../engine/declaration';
import { LABELS, choice, l } from '../label';

const SEVENTY_YEARS_MS = 70 * 365.25 * 24 * 60 * 60 * 1000;

export const MFA_LEVEL_CHOICES = [
  choice(0, '禁用', 'Disable', '無効化'),
  choice(1, '启用', 'Enable', '有効化'),
  choice(2, '强制启用', 'Force enable', '強制有効化'),
];

export const SOURCE_CHOICES = [
  choice('local', '数据库', 'Local', 'ローカル'),
  choice('ldap', 'LDAP/AD', 'LDAP/AD', 'LDAP/AD'),
  choice('openid', 'OpenID', 'OpenID', 'OpenID'),
  choice('radius', 'Radius', 'Radius', 'Radius'),
  choice('cas', 'CAS', 'CAS', 'CAS'),
  choice('saml2', 'SAML2', 'SAML2', 'SAML2'),
];

const ro = (
  kind: FieldDeclaration['kind'],
  label: FieldDeclaration['label'],
  compute?: FieldDeclaration['compute'],
): FieldDeclaration => ({
  kind,
  label,
  readOnly: true,
  ...(compute ? { compute } : {}),
});

const isBound = (value: unknown): boolean => typeof value === 'string' && value !== '';

const isExpired = (row: Record<string, unknown>): boolean => Number(row.date_expired) <= Date.now();

/**
 * The stored and simple computed fields of users.User (docs/resources.md#users); relations are added in
 * users.ts.
 */
export const USER_SCALAR_FIELDS: Record<string, FieldDeclaration> = {
  name: { kind: 'string', label: LABELS.name, required: true, maxLength: 128 },
  username: {
    kind: 'string',
    label: l('用户名', 'Username', 'ユーザー名'),
    required: true,
    maxLength: 128,
    unique: true,
  },
  password: {
    kind: 'string',
    label: l('密码', 'Password', 'パスワード'),
    writeOnly: true,
    virtual: true,
    secret: true,
    maxLength: 128,
  },
  public_key: {
    kind: 'text',
    label: l('SSH公钥', 'SSH public key', 'SSH公開鍵'),
    writeOnly: true,
    secret: true,
    maxLength: 8192,
  },
  email: {
    kind: 'email',
    label: l('邮箱', 'Email', 'Eメール'),
    required: true,
    maxLength: 128,
    unique: true,
  },
  wechat: { kind: 'string', label: l('微信', 'Wechat', 'WeChat'), maxLength: 128, default: '' },
  phone: { kind: 'string', label: l('手机', 'Phone', '電話'), maxLength: 20, nullable: true },
  mfa_level: {
    kind: 'choice',
    label: l('多因子认证', 'MFA', 'MFA'),
    choices: MFA_LEVEL_CHOICES,
    default: 0,
    display: true,
  },
  source: {
    kind: 'choice',
    label: l('来源', 'Source', 'ソース'),
    choices: SOURCE_CHOICES,
    default: 'local',
    maxLength: 30,
    display: true,
  },
  can_public_key_auth: ro(
    'boolean',
    l('可以使用公钥认证', 'Can public key authentication', '公開鍵認証が可能'),
    () => false,
  ),
  need_update_password: {
    kind: 'boolean',
    label: l('需要更新密码', 'Need update password', 'パスワードの更新が必要'),
    default: false,
  },
  mfa_enabled: ro('boolean', l('MFA 已启用', 'MFA enabled', 'MFA有効'), (row) => Number(row.mfa_level) > 0),
  is_service_account: {
    kind: 'boolean',
    label: l('服务账号', 'Is service account', 'サービスアカウント'),
    default: false,
  },
  is_valid: ro(
    'boolean',
    l('是否有效', 'Is valid', '有効'),
    (row) => row.is_active === true && !isExpired(row),
  ),
  is_expired: ro('boolean', l('已过期', 'Is expired', '期限切れ'), isExpired),
  is_active: { kind: 'boolean', label: LABELS.isActive, default: true },
  date_expired: {
    kind: 'datetime',
    label: l('失效日期', 'Date expired', '期限切れの日付'),
    default: () => Date.now() + SEVENTY_YEARS_MS,
  },
  date_joined: ro('datetime', l('创建日期', 'Date joined', '参加日')),
  last_login: ro('datetime', l('最后登录', 'Last login', '最終ログイン')),
  created_by: { kind: 'string', label: LABELS.createdBy, readOnly: true, maxLength: 30 },
  comment: { kind: 'text', label: LABELS.comment, default: '' },
  is_wecom_bound: ro('boolean', l('企业微信已绑定', 'Is WeCom bound', 'WeComバインド済み'), (row) =>
    isBound(row.wecom_id),
  ),
  is_dingtalk_bound: ro('boolean', l('钉钉已绑定', 'Is DingTalk bound', 'DingTalkバインド済み'), (row) =>
    isBound(row.dingtalk_id),
  ),
  is_feishu_bound: ro('boolean', l('飞书已绑定', 'Is FeiShu bound', 'FeiShuバインド済み'), (row) =>
    isBound(row.feishu_id),
  ),
  is_otp_secret_key_bound: ro('boolean', l('OTP 已绑定', 'Is OTP bound', 'OTPバインド済み'), () => false),
  // Stored (migration 830) and written only by binding through the provider (docs/auth-im-sms.md):
  // read-only here, so no client claims another person's IM identity.
  wecom_id: { ...ro('string', l('企业微信', 'WeCom', 'WeCom')), maxLength: 128 },
  dingtalk_id: { ...ro('string', l('钉钉', 'DingTalk', 'DingTalk')), maxLength: 128 },
  feishu_id: { ...ro('string', l('飞书', 'FeiShu', 'FeiShu')), maxLength: 128 },
  mfa_force_enabled: ro(
    'boolean',
    l('强制 MFA', 'MFA force enabled', 'MFA強制有効'),
    (row) => Number(row.mfa_level) === 2,
  ),
  is_first_login: ro('boolean', l('首次登录', 'Is first login', '初回ログイン')),
  date_password_last_updated: ro(
    'datetime',
    l('最后更新密码日期', 'Date password last updated', 'パスワードの最終更新日'),
  ),
  avatar_url: ro('string', l('头像路径', 'Avatar url', 'アバターURL'), () => '/ui/img/avatar.png'),
};

export const PASSWORD_STRATEGY: FieldDeclaration = {
  kind: 'choice',
  label: l('密码策略', 'Password strategy', 'パスワード戦略'),
  writeOnly: true,
  virtual: true,
  default: 'email',
  choices: [
    choice(
      'email',
      '生成重置密码链接，通过邮件发送给用户',
      'Reset link will be generated and sent to the user',
      'リセットリンクが生成され、ユーザーに送信されます',
    ),
    choice('custom', '设置密码', 'Set password', 'パスワードの設定'),
  ],
};
