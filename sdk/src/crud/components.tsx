import type { ComponentType, ReactNode } from 'react';
import { kit } from '../react/lazyKit';
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
