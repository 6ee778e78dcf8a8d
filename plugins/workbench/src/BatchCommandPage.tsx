import { useEffect, useMemo, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { InputTextarea } from 'primereact/inputtextarea';
import { Tree, type TreeCheckboxSelectionKeys, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import {
  Http,
  TerminalScreen,
  isHttpError,
  useService,
  useT,
  useTaskLogFollow,
  type TerminalHandle,
} from '@bastion/sdk';
import { BATCH_COMMAND_TREE_URL, COMMAND_EXECUTIONS_URL, RUN_AS_URL } from './paths';

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
  const [terminal, setTerminal] = useState<TerminalHandle | null>(null);
  const [runId, setRunId] = useState<string | null>(null);
  const log = useTaskLogFollow(runId);
  // How much of the run's log the terminal shows already: the log only grows, the terminal gets the rest.
  const shown = useRef<{ on: TerminalHandle | null; length: number }>({ on: null, length: 0 });
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
    if (!terminal) return;
    // A new terminal is blank; another run's log (shorter than what is shown) starts on a clean screen.
    if (shown.current.on !== terminal) shown.current = { on: terminal, length: 0 };
    else if (log.text.length < shown.current.length) {
      terminal.reset();
      shown.current.length = 0;
    }
    terminal.write(log.text.slice(shown.current.length));
    shown.current.length = log.text.length;
  }, [terminal, log.text]);

  const execute = async () => {
    const hosts = checkedHosts(tree, checked);
    setErrors({});
    setRunning(true);
    try {
      const run = await http.post<{ id: string }>(
        COMMAND_EXECUTIONS_URL,
        { hosts, run_as: runAs ?? '', command },
        { params: { cols: terminal?.cols ?? 80, rows: terminal?.rows ?? 20 }, silent: true },
      );
      setRunId(run.id);
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
        {/* The run's log is text: a lone \n returns the carriage too (convertEol). */}
        <TerminalScreen
          rows={20}
          fontSize={13}
          convertEol
          className="overflow-hidden"
          testId="batch-output"
          onTerminal={setTerminal}
        />
      </div>
    </div>
  );
}
