import { defineResource } from '../../engine/declaration';
import { choice, l } from '../label';
import { remoteAddrField, userField } from './log-fields';
import { AUDIT_FTP_LOG, AUDIT_TABLES } from './names';

const OPERATES = ['Delete', 'Upload', 'Download', 'Rmdir', 'Rename', 'Mkdir', 'Symlink'] as const;
const OPERATE_LABELS: Record<(typeof OPERATES)[number], [string, string]> = {
  Delete: ['删除', '削除'],
  Upload: ['上传', 'アップロード'],
  Download: ['下载', 'ダウンロード'],
  Rmdir: ['删除目录', 'ディレクトリ削除'],
  Rename: ['重命名', '名前変更'],
  Mkdir: ['创建目录', 'ディレクトリ作成'],
  Symlink: ['符号链接', 'シンボリックリンク'],
};

/**
 * FTP logs (`audits.FTPLog`): file transfers a terminal component reports (POST by a holder of
 * `audits.add_ftplog`, i.e. a component's service account); listed, never changed or deleted.
 */
export const ftpLogResource = defineResource({
  name: AUDIT_FTP_LOG,
  url: '/api/v1/audits/ftp-logs/',
  table: AUDIT_TABLES.ftpLog,
  orgScoped: true,
  journal: false,
  label: l('FTP 日志', 'FTP log', 'FTP ログ'),
  fields: {
    user: userField(true),
    remote_addr: remoteAddrField(true),
    asset: { kind: 'string', label: l('资产', 'Asset', '資産'), maxLength: 1024, required: true },
    system_user: {
      kind: 'string',
      label: l('系统用户', 'System user', 'システムユーザー'),
      maxLength: 128,
      required: true,
    },
    operate: {
      kind: 'choice',
      label: l('操作', 'Operate', '操作'),
      choices: OPERATES.map((value) =>
        choice(value, OPERATE_LABELS[value][0], value, OPERATE_LABELS[value][1]),
      ),
      required: true,
      display: true,
    },
    filename: {
      kind: 'string',
      label: l('文件名', 'Filename', 'ファイル名'),
      maxLength: 1024,
      required: true,
    },
    is_success: { kind: 'boolean', label: l('成功', 'Success', '成功'), default: true },
    date_start: {
      kind: 'datetime',
      label: l('开始日期', 'Date start', '開始日'),
      readOnly: true,
    },
  },
  searchFields: ['user', 'asset', 'system_user', 'filename'],
  filterFields: ['user', 'asset', 'system_user', 'filename', 'operate', 'is_success'],
  orderingFields: ['date_start'],
  defaultOrdering: ['-date_start'],
  fieldsMini: ['id', 'user', 'asset', 'filename', 'date_start'],
  dateRangeField: 'date_start',
  bulkDelete: false,
  disabledActions: ['change', 'delete'],
  hooks: {
    // The server's clock, as v2.21's auto_now_add: a component cannot back-date a transfer.
    beforeSave: (data) => {
      data.date_start = Date.now();
    },
  },
});
