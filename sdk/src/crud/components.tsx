import { Suspense, createElement, lazy, type ComponentType, type ReactNode } from 'react';
import type { FormPageProps } from './ui/FormPage';
import type { DetailPageProps } from './ui/DetailPage';
import type { DetailItem, QuickAction, RelationCardProps } from './ui/DetailParts';
import type { ImportDialogProps } from './ui/ImportDialog';
import type { ExportDialogProps } from './ui/ExportDialog';
import type { MfaDialogProps } from './ui/MfaDialog';
import type { BulkUpdateDialogProps } from './ui/BulkUpdateDialog';
import type { ColumnSettingsDialogProps } from './ui/ColumnSettingsDialog';
import type { TagSearchProps } from './ui/TagSearch';
import type { DateRangeProps } from './ui/DateRange';
import type { RelationSelectProps } from './ui/RelationSelect';
import type { PageTab } from './ui/TabsPage';
import type { ListPageProps, ListTableProps } from './ui/types';
import type { NodeTreeViewProps } from './ui/NodeTreeView';

function Pending() {
  return (
    <div className="flex justify-content-center p-3" data-testid="crud-loading">
      <i className="pi pi-spin pi-spinner text-2xl text-color-secondary" />
    </div>
  );
}

/**
 * Every kit component is its own lazy chunk of the SDK, loaded the first time a plugin renders it, inside
 * its own Suspense — so the SDK entry (loaded by the shell on every page) stays small, a plugin only
 * downloads what it renders, and a component loading inside a detail tab never blanks the whole page.
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

export const ListPage = lazyComponent<ListPageProps>(() => import('./ui/ListPage'));
export const ListTable = lazyComponent<ListTableProps>(() => import('./ui/ListTable'));
export const FormPage = lazyComponent<FormPageProps>(() => import('./ui/FormPage'));
export const DetailPage = lazyComponent<DetailPageProps>(() => import('./ui/DetailPage'));
export const TabsPage = lazyComponent<{ tabs: readonly PageTab[]; defaultTab?: string; testId?: string }>(
  () => import('./ui/TabsPage'),
);
export const DetailCard = lazyComponent<{ title?: string; items: readonly DetailItem[] }>(() =>
  import('./ui/DetailParts').then((m) => ({ default: m.DetailCard })),
);
export const QuickActions = lazyComponent<{ title?: string; actions: readonly QuickAction[] }>(() =>
  import('./ui/DetailParts').then((m) => ({ default: m.QuickActions })),
);
export const RelationCard = lazyComponent<RelationCardProps>(() =>
  import('./ui/DetailParts').then((m) => ({ default: m.RelationCard })),
);
export const RelationSelect = lazyComponent<RelationSelectProps>(() => import('./ui/RelationSelect'), true);
export const TagSearch = lazyComponent<TagSearchProps>(() => import('./ui/TagSearch'), true);
export const DateRange = lazyComponent<DateRangeProps>(() => import('./ui/DateRange'), true);
export const ImportDialog = lazyComponent<ImportDialogProps>(() => import('./ui/ImportDialog'), true);
export const ExportDialog = lazyComponent<ExportDialogProps>(() => import('./ui/ExportDialog'), true);
export const MfaDialog = lazyComponent<MfaDialogProps>(() => import('./ui/MfaDialog'), true);
export const BulkUpdateDialog = lazyComponent<BulkUpdateDialogProps>(
  () => import('./ui/BulkUpdateDialog'),
  true,
);
export const ColumnSettingsDialog = lazyComponent<ColumnSettingsDialogProps>(
  () => import('./ui/ColumnSettingsDialog'),
  true,
);
export const InfoTab = lazyComponent<{
  context: import('./ui/DetailPage').DetailContext;
  fields?: readonly string[];
  aside?: ReactNode;
  formatters?: Readonly<Record<string, (object: Record<string, unknown>) => ReactNode>>;
}>(() => import('./ui/DetailPage').then((m) => ({ default: m.InfoTab })), true);

export const NodeTreeView = lazyComponent<NodeTreeViewProps>(() => import('./ui/NodeTreeView'));
