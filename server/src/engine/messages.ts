import { messageCatalogue, type MessageLookup } from '../http/message-catalogue';

/**
 * DRF's validation and error messages in the console's three languages (the zh/ja wording follows
 * Django REST framework's own translations).
 */
const MESSAGES = {
  required: { en: 'This field is required.', zh: '该字段是必填项。', ja: 'この項目は必須です。' },
  null: { en: 'This field may not be null.', zh: '该字段不能为 null。', ja: 'この項目はnullにできません。' },
  blank: { en: 'This field may not be blank.', zh: '该字段不能为空。', ja: 'この項目は空にできません。' },
  invalidString: { en: 'Not a valid string.', zh: '不是有效的字符串。', ja: '有効な文字列ではありません。' },
  maxLength: {
    en: 'Ensure this field has no more than {n} characters.',
    zh: '请确保这个字段不能超过 {n} 个字符。',
    ja: 'この項目が{n}文字より長くならないようにしてください。',
  },
  minLength: {
    en: 'Ensure this field has at least {n} characters.',
    zh: '请确保这个字段至少包含 {n} 个字符。',
    ja: 'この項目が少なくとも{n}文字以上になるようにしてください。',
  },
  invalidEmail: {
    en: 'Enter a valid email address.',
    zh: '请输入合法的邮件地址。',
    ja: '有効なメールアドレスを入力してください。',
  },
  invalidIp: {
    en: 'Enter a valid IPv4 or IPv6 address.',
    zh: '请输入一个有效的 IPv4 或 IPv6 地址。',
    ja: '有効なIPv4またはIPv6アドレスを入力してください。',
  },
  invalidUuid: {
    en: 'Must be a valid UUID.',
    zh: '必须是有效的 UUID。',
    ja: '有効なUUIDでなければなりません。',
  },
  invalidInteger: {
    en: 'A valid integer is required.',
    zh: '请填写合法的整数值。',
    ja: '有効な整数を入力してください。',
  },
  invalidNumber: {
    en: 'A valid number is required.',
    zh: '请填写合法的数字。',
    ja: '有効な数値を入力してください。',
  },
  maxValue: {
    en: 'Ensure this value is less than or equal to {n}.',
    zh: '请确保该值小于或者等于 {n}。',
    ja: 'この値は{n}以下にしてください。',
  },
  minValue: {
    en: 'Ensure this value is greater than or equal to {n}.',
    zh: '请确保该值大于或者等于 {n}。',
    ja: 'この値は{n}以上にしてください。',
  },
  invalidBoolean: {
    en: 'Must be a valid boolean.',
    zh: '必须是合法的布尔值。',
    ja: '有効なブール値でなければなりません。',
  },
  invalidDatetime: {
    en: 'Datetime has wrong format. Use one of these formats instead: YYYY/MM/DD hh:mm:ss +ZZZZ, YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z].',
    zh: '日期时间格式错误。请从这些格式中选择：YYYY/MM/DD hh:mm:ss +ZZZZ, YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z]。',
    ja: '日時の形式が正しくありません。次のいずれかの形式を使用してください: YYYY/MM/DD hh:mm:ss +ZZZZ, YYYY-MM-DDThh:mm[:ss[.uuuuuu]][+HH:MM|-HH:MM|Z]。',
  },
  invalidDate: {
    en: 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
    zh: '日期格式错误。请从这些格式中选择：YYYY-MM-DD。',
    ja: '日付の形式が正しくありません。次の形式を使用してください: YYYY-MM-DD。',
  },
  invalidChoice: {
    en: '"{value}" is not a valid choice.',
    zh: '“{value}” 不是合法选项。',
    ja: '"{value}"は有効な選択肢ではありません。',
  },
  notAList: {
    en: 'Expected a list of items but got type "{type}".',
    zh: '期望为一个包含物件的列表，得到的类型是“{type}”。',
    ja: 'リストが必要ですが、"{type}"型が渡されました。',
  },
  notADict: {
    en: 'Expected a dictionary of items but got type "{type}".',
    zh: '期望是包含类目的字典，得到类型为 “{type}”。',
    ja: '辞書が必要ですが、"{type}"型が渡されました。',
  },
  invalidJson: {
    en: 'Value must be valid JSON.',
    zh: '值必须是有效的 JSON。',
    ja: '値は有効なJSONでなければなりません。',
  },
  pkMissing: {
    en: 'Invalid pk "{value}" - object does not exist.',
    zh: '无效主键 “{value}” － 对象不存在。',
    ja: '無効な主キー "{value}" - オブジェクトが存在しません。',
  },
  pkType: {
    en: 'Incorrect type. Expected pk value, received {type}.',
    zh: '类型错误。期望为主键，得到的类型为 {type}。',
    ja: '型が正しくありません。主キーが必要ですが、{type}が渡されました。',
  },
  unique: {
    en: '{model} with this {field} already exists.',
    zh: '具有 {field} 的 {model} 已存在。',
    ja: 'この{field}を持つ{model}は既に存在します。',
  },
  invalidData: {
    en: 'Invalid data. Expected a dictionary, but got {type}.',
    zh: '无效数据。期待为字典类型，得到的是 {type} 。',
    ja: '無効なデータです。辞書が必要ですが、{type}が渡されました。',
  },
  idMissing: { en: 'id or pk not in data', zh: 'id or pk not in data', ja: 'id or pk not in data' },
  saveInOrg: {
    en: 'Please save in a organization',
    zh: '请在组织内保存',
    ja: '組織に保存してください',
  },
  notFound: {
    en: '{model} object does not exist.',
    zh: '{model} 对象不存在。',
    ja: '{model}オブジェクトが存在しません。',
  },
  bulkTooLarge: {
    en: 'At most {n} items can be sent in one request ({count} were sent); please send them in smaller parts.',
    zh: '一次请求最多可提交 {n} 项（本次提交了 {count} 项），请分批提交。',
    ja: '1 回のリクエストで送信できるのは最大 {n} 件です（{count} 件が送信されました）。分割して送信してください。',
  },
  writeConflict: {
    en: 'Another change was saved at the same time; please try again.',
    zh: '同一时间有其他修改已保存，请重试。',
    ja: '同時に別の変更が保存されました。もう一度お試しください。',
  },
} as const;

export type MessageKey = keyof typeof MESSAGES;

/** The message in a language, with `{name}` placeholders filled. */
export const message: MessageLookup<MessageKey> = messageCatalogue(MESSAGES);

/** Python's type names, as DRF puts them in messages. */
export function pythonType(value: unknown): string {
  if (value === null) return 'NoneType';
  if (Array.isArray(value)) return 'list';
  switch (typeof value) {
    case 'string':
      return 'str';
    case 'number':
      return Number.isInteger(value) ? 'int' : 'float';
    case 'boolean':
      return 'bool';
    case 'object':
      return 'dict';
    default:
      return typeof value;
  }
}
