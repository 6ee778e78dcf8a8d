import { messageCatalogue, type MessageLookup } from '../http/message-catalogue';
import type { Label } from '../engine/declaration';

/**
 * Every user-visible text of the ops area (task names, task logs, the task-log socket and its HTTP
 * fallback, the asset/node task actions) in the console's three languages. Wording follows v2.21
 * (ops/ws.py, assets/tasks/asset_connectivity.py, ops/api/celery.py) where it has one.
 */
export const OPS_MESSAGES = {
  // Task names (display_name of ops.task).
  taskAssetConnectivity: {
    en: 'Test assets connectivity: {subject}',
    zh: '测试资产可连接性: {subject}',
    ja: 'アセット接続のテスト: {subject}',
  },
  taskNodeConnectivity: {
    en: 'Test if the assets under the node are connectable: {subject}',
    zh: '测试节点下资产是否可连接: {subject}',
    ja: 'ノードの下にあるアセットが接続可能かどうかをテストします: {subject}',
  },

  // The task-log socket and the HTTP fallback.
  invalidTaskId: {
    en: 'The task id is not valid.',
    zh: '任务 ID 无效',
    ja: 'タスク ID が無効です。',
  },
  taskNotFound: {
    en: 'Task not found, or you have no permission to read its log.',
    zh: '任务不存在，或您没有权限查看其日志',
    ja: 'タスクが見つからないか、ログを表示する権限がありません。',
  },
  waitingTaskStart: {
    en: 'Waiting task start',
    zh: '等待任务开始',
    ja: 'タスク開始待ち',
  },
  logUnavailable: {
    en: 'The log of this task is no longer available.',
    zh: '该任务的日志已不存在',
    ja: 'このタスクのログは利用できなくなりました。',
  },
  logWaitTimeout: {
    en: 'The task did not start writing its log in time.',
    zh: '任务未能及时开始写入日志',
    ja: 'タスクが時間内にログの書き込みを開始しませんでした。',
  },

  // The asset / node task actions.
  sudoRefused: {
    en: 'sudo refused: the admin user {user} may not run commands as root on this host.',
    zh: 'sudo 被拒绝：特权用户 {user} 不能在此主机上以 root 身份执行命令',
    ja: 'sudo が拒否されました: 管理ユーザー {user} はこのホストで root としてコマンドを実行できません。',
  },
  refreshNeedsAdminUser: {
    en: 'No admin user to log in with: give the asset an admin user and an SSH protocol.',
    zh: '没有可登录的特权用户：请为资产设置特权用户和 SSH 协议',
    ja: 'ログインに使う管理ユーザーがありません: アセットに管理ユーザーと SSH プロトコルを設定してください。',
  },
  taskSystemUserPush: {
    en: 'Push system user to assets: {subject}',
    zh: '推送系统用户到资产: {subject}',
    ja: 'システムユーザーをアセットにプッシュ: {subject}',
  },
  taskSystemUserTest: {
    en: 'Test system user connectivity: {subject}',
    zh: '测试系统用户可连接性: {subject}',
    ja: 'システムユーザーの接続性のテスト: {subject}',
  },
  badSystemUserAction: {
    en: 'The action must be "push" or "test".',
    zh: '操作必须是 "push" 或 "test"',
    ja: 'アクションは "push" または "test" である必要があります。',
  },
  taskAccountTest: {
    en: 'Test asset accounts connectivity: {subject}',
    zh: '测试资产账号可连接性: {subject}',
    ja: 'アセットアカウントの接続性のテスト: {subject}',
  },
  taskGatherUsers: {
    en: 'Gather assets users: {subject}',
    zh: '收集资产上的用户: {subject}',
    ja: 'アセットのユーザーを収集: {subject}',
  },
  taskCommandExecution: {
    en: 'Batch command: {subject}',
    zh: '批量命令: {subject}',
    ja: 'バッチコマンド: {subject}',
  },

  // Batch commands (docs/batch-commands.md).
  commandExecutionOff: {
    en: 'Batch command execution is switched off in the security settings.',
    zh: '批量命令执行已在安全设置中关闭',
    ja: 'バッチコマンドの実行はセキュリティ設定で無効になっています。',
  },
  commandRequired: {
    en: 'Enter a command.',
    zh: '请输入命令',
    ja: 'コマンドを入力してください。',
  },
  hostsRequired: {
    en: 'Choose at least one host.',
    zh: '请至少选择一台主机',
    ja: 'ホストを 1 つ以上選択してください。',
  },
  runAsRequired: {
    en: 'Choose the system user to run as.',
    zh: '请选择运行用户',
    ja: '実行ユーザーを選択してください。',
  },
  runAsUnusable: {
    en: 'Only an SSH system user with automatic login can run batch commands.',
    zh: '只有自动登录的 SSH 系统用户才能执行批量命令',
    ja: 'バッチコマンドを実行できるのは自動ログインの SSH システムユーザーだけです。',
  },
  hostsNotGranted: {
    en: 'You are not permitted to run commands on these hosts as this system user: {hosts}',
    zh: '您没有以该系统用户在这些主机上执行命令的权限: {hosts}',
    ja: 'このシステムユーザーでこれらのホストでコマンドを実行する権限がありません: {hosts}',
  },
  logCommandHost: {
    en: '>>> {host} ({address})',
    zh: '>>> {host} ({address})',
    ja: '>>> {host} ({address})',
  },
  logCommandExit: {
    en: '<<< {host}: exit code {code}',
    zh: '<<< {host}: 退出码 {code}',
    ja: '<<< {host}: 終了コード {code}',
  },
  commandExecutionDenied: {
    en: 'You do not have permission to run batch commands in this organization.',
    zh: '您没有在该组织执行批量命令的权限',
    ja: 'この組織でバッチコマンドを実行する権限がありません。',
  },
  executionNotFound: {
    en: 'Not found.',
    zh: '未找到',
    ja: '見つかりません。',
  },
  logCommandNoSsh: {
    en: 'The host does not speak SSH.',
    zh: '该主机不支持 SSH',
    ja: 'このホストは SSH を使えません。',
  },
  accountNoSsh: {
    en: 'The asset does not speak SSH: give it an SSH protocol.',
    zh: '资产不支持 SSH：请为资产设置 SSH 协议',
    ja: 'アセットは SSH に対応していません: SSH プロトコルを設定してください。',
  },
  accountTargets: {
    en: 'Name the accounts to test: an asset, a system user or ids.',
    zh: '请指定要测试的账号：资产、系统用户或 ID',
    ja: 'テストするアカウントを指定してください: アセット、システムユーザー、または ID。',
  },
  logGathered: {
    en: '         {host}: {count} users: {names}',
    zh: '         {host}: {count} 个用户: {names}',
    ja: '         {host}: ユーザー {count} 人: {names}',
  },
  taskAssetHardware: {
    en: 'Update some assets hardware info: {subject}',
    zh: '更新资产硬件信息: {subject}',
    ja: 'アセットハードウェア情報の更新: {subject}',
  },
  taskNodeHardware: {
    en: 'Update node asset hardware information: {subject}',
    zh: '更新节点资产硬件信息: {subject}',
    ja: 'ノード資産ハードウェア情報の更新: {subject}',
  },
  logHardware: {
    en: '         {host}: {vendor} {model}, CPU {cpu}, memory {memory}, disk {disk}, {os} {version} {arch}',
    zh: '         {host}: {vendor} {model}，CPU {cpu}，内存 {memory}，硬盘 {disk}，{os} {version} {arch}',
    ja: '         {host}: {vendor} {model}、CPU {cpu}、メモリ {memory}、ディスク {disk}、{os} {version} {arch}',
  },
  needsSystemUsers: {
    en: 'Choose the system users (system_users) to push or test.',
    zh: '请选择要推送或测试的系统用户（system_users）',
    ja: 'プッシュまたはテストするシステムユーザー（system_users）を選択してください。',
  },
  noAmountCache: {
    en: 'Asset amounts are counted live; there is no cache to refresh.',
    zh: '资产数量为实时统计，没有需要刷新的缓存',
    ja: 'アセット数はリアルタイムで数えられるため、更新するキャッシュはありません。',
  },

  taskRunning: {
    en: 'The task is running; delete it when it has finished.',
    zh: '任务正在运行，请在其结束后再删除',
    ja: 'タスクは実行中です。終了してから削除してください。',
  },
  tooManyTasks: {
    en: 'Too many tasks are running; try again later.',
    zh: '正在运行的任务过多，请稍后再试',
    ja: '実行中のタスクが多すぎます。後でもう一度お試しください。',
  },

  // Connectivity task log lines.
  logTask: { en: 'Task: {name}', zh: '任务: {name}', ja: 'タスク: {name}' },
  logTaskId: { en: 'Task id: {id}', zh: '任务 ID: {id}', ja: 'タスク ID: {id}' },
  logStarted: {
    en: 'Started at {date} by {user}',
    zh: '开始于 {date}，执行者 {user}',
    ja: '{date} に {user} が開始',
  },
  logPlan: {
    en: 'Hosts: {count}; TCP probe timeout {timeout} s, {concurrency} at a time',
    zh: '主机数: {count}；TCP 探测超时 {timeout} 秒，并发 {concurrency}',
    ja: 'ホスト数: {count}; TCP プローブのタイムアウト {timeout} 秒、同時実行 {concurrency}',
  },
  logCapped: {
    en: '{count} more assets were not tested (at most {max} per task).',
    zh: '另有 {count} 个资产未测试（每个任务最多 {max} 个）',
    ja: 'さらに {count} 個のアセットはテストされませんでした (1 タスクあたり最大 {max} 個)。',
  },
  logSkippedInactive: {
    en: 'skipped  {host}: asset is disabled',
    zh: '跳过  {host}: 资产已禁用',
    ja: 'スキップ  {host}: アセットは無効です',
  },
  logNoHosts: { en: 'No host to run.', zh: '没有可执行的主机', ja: '実行するホストがありません。' },
  logHostOk: {
    en: 'ok       {host} ({address})  {ms} ms',
    zh: '成功     {host} ({address})  {ms} ms',
    ja: '成功     {host} ({address})  {ms} ms',
  },
  logHostFailed: {
    en: 'failed   {host} ({address})  {ms} ms  {reason}',
    zh: '失败     {host} ({address})  {ms} ms  {reason}',
    ja: '失敗     {host} ({address})  {ms} ms  {reason}',
  },
  logSummary: {
    en: 'Summary: total {total}, success {success}, failed {failed}, skipped {skipped}',
    zh: '汇总: 总数 {total}，成功 {success}，失败 {failed}，跳过 {skipped}',
    ja: '集計: 合計 {total}、成功 {success}、失敗 {failed}、スキップ {skipped}',
  },
  logFinishedOk: {
    en: 'Task {id} succeeded in {seconds} s',
    zh: '任务 {id} 执行成功，用时 {seconds} 秒',
    ja: 'タスク {id} は {seconds} 秒で成功しました',
  },
  logFinishedFailed: {
    en: 'Task {id} failed in {seconds} s',
    zh: '任务 {id} 执行失败，用时 {seconds} 秒',
    ja: 'タスク {id} は {seconds} 秒で失敗しました',
  },
  logInterrupted: {
    en: 'Task {id} was interrupted: the server stopped before it finished.',
    zh: '任务 {id} 已中断：服务器在任务完成前停止',
    ja: 'タスク {id} は中断されました: 完了前にサーバーが停止しました。',
  },

  // Probe failure reasons.
  reasonTimeout: { en: 'timed out', zh: '超时', ja: 'タイムアウト' },
  reasonRefused: { en: 'connection refused', zh: '连接被拒绝', ja: '接続が拒否されました' },
  reasonUnreachable: { en: 'host unreachable', zh: '主机不可达', ja: 'ホストに到達できません' },
  reasonUnknownHost: { en: 'unknown host name', zh: '无法解析主机名', ja: '不明なホスト名' },
  reasonNoPort: {
    en: 'no ssh, rdp, telnet or vnc protocol',
    zh: '没有 ssh、rdp、telnet 或 vnc 协议',
    ja: 'ssh、rdp、telnet、vnc のプロトコルがありません',
  },
  reasonCancelled: { en: 'cancelled', zh: '已取消', ja: 'キャンセルされました' },
  reasonOther: { en: 'error {code}', zh: '错误 {code}', ja: 'エラー {code}' },
} as const satisfies Record<string, Label>;

export type OpsMessage = keyof typeof OPS_MESSAGES;

/** The message in a language, with `{name}` placeholders filled. */
export const opsMessage: MessageLookup<OpsMessage> = messageCatalogue(OPS_MESSAGES);
