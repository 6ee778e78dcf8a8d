import { Suspense, createElement, lazy, type ComponentType, type ReactNode } from 'react';
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

/**
 * Kit components load lazily, in three chunks of the SDK (list, form, detail; dialogs one each), the first
 * time a plugin renders one, inside its own Suspense — so the SDK entry (loaded by the shell on every page)
 * stays small, a plugin only downloads what it renders, and a component loading inside a detail tab never
 * blanks the whole page.
 */
function lazyComponent<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  quiet = false,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  const Lazy = lazy(load);
  function KitComponent(props: P): ReactNode {
    return (
      <Suspense fallback={quiet ? null : <Pending />}>
        {createElement(Lazy as ComponentType<P>, props)}
      </Suspense>
    );
  }
  return Object.assign(KitComponent, { preload: load });
}

const listKit = () => import('./ui/listKit');
const formKit = () => import('./ui/formKit');
const detailKit = () => import('./ui/detailKit');

export const ListPage = lazyComponent<ListPageProps>(() => listKit().then((m) => ({ default: m.ListPage })));
export const ListTable = lazyComponent<ListTableProps>(() =>
  listKit().then((m) => ({ default: m.ListTable })),
);
// The view pieces ListTable is made of, for a plugin's own list layout over useListController.
export const RowActionButtons = lazyComponent<RowActionButtonsProps>(
  () => listKit().then((m) => ({ default: m.RowActionButtons as ComponentType<RowActionButtonsProps> })),
  true,
);
export const MenuButton = lazyComponent<MenuButtonProps>(
  () => listKit().then((m) => ({ default: m.MenuButton })),
  true,
);
export const ListIconButton = lazyComponent<ListIconButtonProps>(
  () => listKit().then((m) => ({ default: m.ListIconButton })),
  true,
);
export const TagSearch = lazyComponent<TagSearchProps>(
  () => listKit().then((m) => ({ default: m.TagSearch })),
  true,
);
export const NodeTreeView = lazyComponent<NodeTreeViewProps>(() =>
  listKit().then((m) => ({ default: m.NodeTreeView })),
);
export const FormPage = lazyComponent<FormPageProps>(() => formKit().then((m) => ({ default: m.FormPage })));
export const RelationSelect = lazyComponent<RelationSelectProps>(
  () => formKit().then((m) => ({ default: m.RelationSelect })),
  true,
);
export const DateRange = lazyComponent<DateRangeProps>(
  () => formKit().then((m) => ({ default: m.DateRange })),
  true,
);
export const DetailPage = lazyComponent<DetailPageProps>(() =>
  detailKit().then((m) => ({ default: m.DetailPage })),
);
export const TabsPage = lazyComponent<{ tabs: readonly PageTab[]; defaultTab?: string; testId?: string }>(
  () => detailKit().then((m) => ({ default: m.TabsPage })),
);
export const DetailCard = lazyComponent<{ title?: string; items: readonly DetailItem[] }>(() =>
  detailKit().then((m) => ({ default: m.DetailCard })),
);
export const QuickActions = lazyComponent<{ title?: string; actions: readonly QuickAction[] }>(() =>
  detailKit().then((m) => ({ default: m.QuickActions })),
);
export const RelationCard = lazyComponent<RelationCardProps>(() =>
  detailKit().then((m) => ({ default: m.RelationCard })),
);
export const InfoTab = lazyComponent<{
  context: import('./ui/DetailPage').DetailContext;
  fields?: readonly string[];
  aside?: ReactNode;
  formatters?: Readonly<Record<string, (object: Record<string, unknown>) => ReactNode>>;
}>(() => detailKit().then((m) => ({ default: m.InfoTab })), true);
export const ImportDialog = lazyComponent<ImportDialogProps>(() => import('./ui/ImportDialog'), true);
export const ExportDialog = lazyComponent<ExportDialogProps>(() => import('./ui/ExportDialog'), true);
export const MfaDialog = lazyComponent<MfaDialogProps>(() => import('./ui/MfaDialog'), true);
export const ConnectionInfoDialog = lazyComponent<ConnectionInfoDialogProps>(
  () => import('./ui/ConnectionInfoDialog'),
  true,
);
export const BulkUpdateDialog = lazyComponent<BulkUpdateDialogProps>(
  () => import('./ui/BulkUpdateDialog'),
  true,
);
export const ColumnSettingsDialog = lazyComponent<ColumnSettingsDialogProps>(
  () => import('./ui/ColumnSettingsDialog'),
  true,
);
