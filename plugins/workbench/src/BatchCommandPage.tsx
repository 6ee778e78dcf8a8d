import { useEffect, useMemo, useRef, useState } from 'react';
import { Terminal } from '@xterm/xterm';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Tree, type TreeCheckboxSelectionKeys, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { Http, isHttpError, useService, useT } from '@bastion/sdk';
import { BATCH_COMMAND_TREE_URL, COMMAND_EXECUTIONS_URL, RUN_AS_URL, TASK_LOG_SOCKET_PATH } from './paths';

interface RunAs {
  id: string;
  name: string;
  username: string;
}

interface TreeItem {
  id: string;
  name: string;
  pId: string;
  isParent: boolean;
  meta: { type: 'node' | 'asset'; data: { id?: string; ip?: string } };
}

/** What xterm needs of its stylesheet: the helper textarea stays invisible, rows keep their height. */
const XTERM_STYLE = `
.batch-output .xterm { position: relative; padding: 6px; }
.batch-output .xterm-helpers { position: absolute; top: 0; z-index: 5; }
.batch-output .xterm-helper-textarea { position: absolute; opacity: 0; left: -9999em; width: 0; height: 0; }
.batch-output .xterm-rows { white-space: pre; line-height: normal; }
.batch-output .xterm-char-measure-element { position: absolute; visibility: hidden; top: 0; left: -9999em; }
`;

/** The zTree list as nested tree nodes; an asset's key is `<node>:<asset>` (it may sit under two nodes). */
function toTree(items: readonly TreeItem[]): TreeNode[] {
  const byParent = new Map<string, TreeItem[]>();
  for (const item of items) byParent.set(item.pId, [...(byParent.get(item.pId) ?? []), item]);
  const ids = new Set(items.map((item) => item.id));
  const build = (item: TreeItem): TreeNode => ({
    key: item.id,
    label: item.meta.type === 'asset' ? `${item.name} (${item.meta.data.ip ?? ''})` : item.name,
    icon: item.meta.type === 'asset' ? 'pi pi-server' : 'pi pi-folder',
    data: item.meta.type === 'asset' ? item.meta.data.id : undefined,
    children: (byParent.get(item.id) ?? []).map(build),
  });
  return items.filter((item) => !ids.has(item.pId)).map(build);
}

/** Asset ids of the checked leaves. */
function checkedHosts(nodes: readonly TreeNode[], keys: TreeCheckboxSelectionKeys): string[] {
  const hosts = new Set<string>();
  const walk = (node: TreeNode) => {
    if (typeof node.data === 'string' && keys[String(node.key)]?.checked) hosts.add(node.data);
    node.children?.forEach(walk);
  };
  nodes.forEach(walk);
  return [...hosts];
}

/** Follows a run's log on the task-log socket into the terminal. Returns the stop function. */
function followLog(id: string, term: Terminal): () => void {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const socket = new WebSocket(`${scheme}//${window.location.host}${TASK_LOG_SOCKET_PATH}`);
  socket.onopen = () => socket.send(JSON.stringify({ task: id, type: 'celery' }));
  socket.onmessage = (event) => {
    try {
      const data = JSON.parse(String(event.data)) as { message?: unknown };
      // The log is text: a lone \n must also return the carriage.
      if (typeof data.message === 'string') term.write(data.message.replace(/\r?\n/g, '\r\n'));
    } catch {
      // not a frame of ours
    }
  };
  return () => socket.close();
}

/**
 * Batch command (docs/batch-commands.md#the-page): the hosts permitted with the chosen system user (SSH,
 * automatic login) in a tree with checkboxes, the command, and each host's output streamed into a terminal.
 */
export default function BatchCommandPage() {
  const http = useService(Http);
  const t = useT();
  const [runAsList, setRunAsList] = useState<RunAs[]>([]);
  const [runAs, setRunAs] = useState<string | null>(null);
  const [items, setItems] = useState<TreeItem[]>([]);
  const [checked, setChecked] = useState<TreeCheckboxSelectionKeys>({});
  const [command, setCommand] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [running, setRunning] = useState(false);
  const screen = useRef<HTMLDivElement>(null);
  const term = useRef<Terminal | null>(null);
  const stop = useRef<(() => void) | null>(null);
  const tree = useMemo(() => toTree(items), [items]);
  // Every node opens: the hosts one may run on are few enough to see at once, and are searchable.
  const [expanded, setExpanded] = useState<TreeExpandedKeysType>({});

  useEffect(() => {
    void http.get<RunAs[]>(RUN_AS_URL).then((list) => {
      setRunAsList(list);
      setRunAs((current) => current ?? list[0]?.id ?? null);
    });
  }, [http]);

  useEffect(() => {
    if (!runAs) return;
    void http.get<TreeItem[]>(BATCH_COMMAND_TREE_URL, { params: { system_user: runAs } }).then((list) => {
      setItems(list);
      setExpanded(Object.fromEntries(list.filter((item) => item.isParent).map((item) => [item.id, true])));
    });
  }, [http, runAs]);

  useEffect(() => {
    if (!screen.current) return;
    const terminal = new Terminal({ rows: 20, convertEol: false, disableStdin: true, fontSize: 13 });
    terminal.open(screen.current);
    term.current = terminal;
    return () => {
      stop.current?.();
      terminal.dispose();
      term.current = null;
    };
  }, []);

  const execute = async () => {
    const hosts = checkedHosts(tree, checked);
    setErrors({});
    setRunning(true);
    try {
      const run = await http.post<{ id: string }>(
        COMMAND_EXECUTIONS_URL,
        { hosts, run_as: runAs ?? '', command },
        { params: { cols: 80, rows: 20 }, silent: true },
      );
      stop.current?.();
      term.current?.reset();
      if (term.current) stop.current = followLog(run.id, term.current);
    } catch (error) {
      const data = isHttpError(error) ? error.data : null;
      const found: Record<string, string> = {};
      if (data && typeof data === 'object')
        for (const [field, value] of Object.entries(data as Record<string, unknown>))
          found[field] = Array.isArray(value) ? String(value[0]) : String(value);
      if (Object.keys(found).length === 0) found.detail = t('batch.failed');
      setErrors(found);
    } finally {
      setRunning(false);
    }
  };

  return (
    <div className="grid" data-testid="batch-command">
      <style>{XTERM_STYLE}</style>
      <div className="col-12 lg:col-3">
        <div className="surface-card border-round p-3 h-full flex flex-column gap-2">
          <label htmlFor="batch-run-as" className="font-medium">
            {t('batch.runAs')}
          </label>
          <Dropdown
            inputId="batch-run-as"
            value={runAs}
            options={runAsList}
            optionValue="id"
            optionLabel="name"
            itemTemplate={(user: RunAs) => `${user.name}(${user.username})`}
            onChange={(event) => {
              setChecked({});
              setRunAs(String(event.value));
            }}
            placeholder={t('batch.runAsEmpty')}
            data-testid="batch-run-as"
          />
          {errors.run_as ? <small className="p-error">{errors.run_as}</small> : null}
          <div data-testid="batch-hosts">
            <Tree
              value={tree}
              expandedKeys={expanded}
              onToggle={(event) => setExpanded(event.value)}
              selectionMode="checkbox"
              selectionKeys={checked}
              onSelectionChange={(event) => setChecked((event.value ?? {}) as TreeCheckboxSelectionKeys)}
              filter
              filterPlaceholder={t('batch.searchHosts')}
              emptyMessage={t('batch.noHosts')}
              className="border-none p-0"
            />
          </div>
          {errors.hosts ? <small className="p-error">{errors.hosts}</small> : null}
        </div>
      </div>
      <div className="col-12 lg:col-9 flex flex-column gap-2">
        <InputTextarea
          value={command}
          onChange={(event) => setCommand(event.target.value)}
          rows={5}
          className="w-full font-monospace"
          style={{ fontFamily: 'monospace' }}
          placeholder={t('batch.commandPlaceholder')}
          aria-label={t('batch.command')}
          data-testid="batch-command-input"
        />
        {errors.command ? <small className="p-error">{errors.command}</small> : null}
        {errors.detail ? <small className="p-error">{errors.detail}</small> : null}
        <div>
          <Button
            icon="pi pi-play"
            label={t('batch.execute')}
            loading={running}
            onClick={() => void execute()}
            data-testid="batch-execute"
          />
        </div>
        <div
          ref={screen}
          className="batch-output border-round overflow-hidden"
          style={{ background: '#000' }}
          data-testid="batch-output"
        />
      </div>
    </div>
  );
}
