import { Suspense, createElement, lazy, useState, type ComponentType, type ReactNode } from 'react';
import type { FormPageProps } from './ui/FormPage';
import type { DetailPageProps } from './ui/DetailPage';
import type { DetailItem, QuickAction, RelationCardProps } from './ui/DetailParts';
import type { ImportDialogProps } from './ui/ImportDialog';
import type { ExportDialogProps } from './ui/ExportDialog';
import type { MfaDialogProps } from './ui/MfaDialog';
import type { ConnectionInfoDialogProps } from './ui/ConnectionInfoDialog';
import type { BulkUpdateDialogProps } from './ui/BulkUpdateDialog';
import type { ColumnSettingsDialogProps } from './ui/ColumnSettingsDialog';
import type { TagSearchProps } from './ui/TagSearch';
import type { DateRangeProps } from './ui/DateRange';
import type { RelationSelectProps } from './ui/RelationSelect';
import type { PageTab } from './ui/TabsPage';
import type { ListPageProps, ListTableProps } from './ui/types';
import type { NodeTreeViewProps } from './ui/NodeTreeView';
import type { ListIconButtonProps, MenuButtonProps, RowActionButtonsProps } from './ui/ListParts';

function Pending() {
  return (
    <div className="flex justify-content-center p-3" data-testid="crud-loading">
      <i className="pi pi-spin pi-spinner text-2xl text-color-secondary" />
    </div>
  );
}

/** A chunk of kit components, loaded once, and the components it holds. */
interface KitChunk<M> {
  load: () => Promise<M>;
  /** Its module as soon as it has arrived, else null. */
  loaded: () => M | null;
  component: <P extends object>(
    pick: (m: M) => ComponentType<P>,
    quiet?: boolean,
  ) => ComponentType<P> & { preload: () => Promise<unknown> };
}

function kit<M>(importChunk: () => Promise<M>): KitChunk<M> {
  let module: M | null = null;
  const chunk: KitChunk<M> = {
    load: () =>
      importChunk().then((m) => {
        module = m;
        return m;
      }),
    loaded: () => module,
    component: (pick, quiet = false) => lazyComponent(chunk, pick, quiet),
  };
  return chunk;
}

/**
 * Kit components load lazily, in three chunks of the SDK (list, form, detail; dialogs one each), the first
 * time a plugin renders one, inside its own Suspense — so the SDK entry (loaded by the shell on every page)
 * stays small, a plugin only downloads what it renders, and a component loading inside a detail tab never
 * blanks the whole page.
 *
 * Once its chunk has loaded (`preload()`, which the shell calls for the list kit while the plugins load), a
 * component renders at once instead of suspending: React shows a suspended part again only on its next
 * throttled reveal, which held a list's data requests back by a few hundred milliseconds on the first view
 * (docs/first-view.md#kit-components-and-pages-render-in-the-first-commit). Each mounted instance keeps the
 * type it started with, so a chunk arriving later never remounts it. Components of one chunk share its state:
 * loading the list kit for one of them makes all of them render at once.
 */
function lazyComponent<P extends object, M>(
  chunk: KitChunk<M>,
  pick: (m: M) => ComponentType<P>,
  quiet: boolean,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  const Lazy = lazy(() => chunk.load().then((m) => ({ default: pick(m) })));
  function KitComponent(props: P): ReactNode {
    const [Component] = useState<ComponentType<P>>(() => {
      const m = chunk.loaded();
      return m === null ? (Lazy as ComponentType<P>) : pick(m);
    });
    return <Suspense fallback={quiet ? null : <Pending />}>{createElement(Component, props)}</Suspense>;
  }
  return Object.assign(KitComponent, { preload: chunk.load });
}

const listKit = kit(() => import('./ui/listKit'));
const formKit = kit(() => import('./ui/formKit'));
const detailKit = kit(() => import('./ui/detailKit'));

export const ListPage = listKit.component<ListPageProps>((m) => m.ListPage);
export const ListTable = listKit.component<ListTableProps>((m) => m.ListTable);
// The view pieces ListTable is made of, for a plugin's own list layout over useListController.
export const RowActionButtons = listKit.component<RowActionButtonsProps>(
  (m) => m.RowActionButtons as ComponentType<RowActionButtonsProps>,
  true,
);
export const MenuButton = listKit.component<MenuButtonProps>((m) => m.MenuButton, true);
export const ListIconButton = listKit.component<ListIconButtonProps>((m) => m.ListIconButton, true);
export const TagSearch = listKit.component<TagSearchProps>((m) => m.TagSearch, true);
export const NodeTreeView = listKit.component<NodeTreeViewProps>((m) => m.NodeTreeView);
export const FormPage = formKit.component<FormPageProps>((m) => m.FormPage);
export const RelationSelect = formKit.component<RelationSelectProps>((m) => m.RelationSelect, true);
export const DateRange = formKit.component<DateRangeProps>((m) => m.DateRange, true);
export const DetailPage = detailKit.component<DetailPageProps>((m) => m.DetailPage);
export const TabsPage = detailKit.component<{
  tabs: readonly PageTab[];
  defaultTab?: string;
  testId?: string;
}>((m) => m.TabsPage);
export const DetailCard = detailKit.component<{ title?: string; items: readonly DetailItem[] }>(
  (m) => m.DetailCard,
);
export const QuickActions = detailKit.component<{ title?: string; actions: readonly QuickAction[] }>(
  (m) => m.QuickActions,
);
export const RelationCard = detailKit.component<RelationCardProps>((m) => m.RelationCard);
export const InfoTab = detailKit.component<{
  context: import('./ui/DetailPage').DetailContext;
  fields?: readonly string[];
  aside?: ReactNode;
  formatters?: Readonly<Record<string, (object: Record<string, unknown>) => ReactNode>>;
}>((m) => m.InfoTab, true);
export const ImportDialog = kit(() => import('./ui/ImportDialog')).component<ImportDialogProps>(
  (m) => m.default,
  true,
);
export const ExportDialog = kit(() => import('./ui/ExportDialog')).component<ExportDialogProps>(
  (m) => m.default,
  true,
);
export const MfaDialog = kit(() => import('./ui/MfaDialog')).component<MfaDialogProps>(
  (m) => m.default,
  true,
);
export const ConnectionInfoDialog = kit(
  () => import('./ui/ConnectionInfoDialog'),
).component<ConnectionInfoDialogProps>((m) => m.default, true);
export const BulkUpdateDialog = kit(() => import('./ui/BulkUpdateDialog')).component<BulkUpdateDialogProps>(
  (m) => m.default,
  true,
);
export const ColumnSettingsDialog = kit(
  () => import('./ui/ColumnSettingsDialog'),
).component<ColumnSettingsDialogProps>((m) => m.default, true);
