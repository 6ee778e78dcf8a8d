/**
 * The CRUD kit: metadata-driven list, form and detail pages (docs/crud.md). Pure rules are exported
 * directly (small, used by tests and plugins); every React component is a lazy chunk (see components.tsx).
 */
export * from './metadata';
export * from './columns';
export * from './query';
export * from './rights';
export * from './tableConfig';
export * from './importMachine';
export * from './exportOptions';
export * from './formFields';
export * from './errors';
export * from './relation';
export * from './detailTabs';
export * from './dateRange';
export * from './nodeTree';
export * from './routes';
export { CRUD_NAMESPACE } from './i18n';
export * from './components';
export { crudRoutes, type CrudResource } from './crudRoutes';
export { m2mCard } from './m2mCard';
export {
  useListController,
  type ListController,
  type ListControllerOptions,
  type Notify,
} from './ui/useListController';
export { useListParams, type ListParams, type ListParamsOptions } from './ui/useListParams';
export type {
  ListPageProps,
  ListTableProps,
  Row,
  RowAction,
  RowActionContext,
  TableAction,
  TableActionContext,
} from './ui/types';
export type { FormPageProps, FormMode } from './ui/FormPage';
export type { DetailPageProps, DetailTab, DetailContext } from './ui/DetailPage';
export type { DetailItem, QuickAction, RelationCardProps } from './ui/DetailParts';
export type { ImportDialogProps } from './ui/ImportDialog';
export type { ExportDialogProps } from './ui/ExportDialog';
export type { MfaDialogProps } from './ui/MfaDialog';
export type { ConnectionInfoDialogProps } from './ui/ConnectionInfoDialog';
export type { BulkUpdateDialogProps } from './ui/BulkUpdateDialog';
export type { TagSearchProps, TagSearchValue } from './ui/TagSearch';
export type { PageTab } from './ui/TabsPage';
export type { NodeTreeViewProps } from './ui/NodeTreeView';
export type { ListIconButtonProps, MenuButtonProps, RowActionButtonsProps } from './ui/ListParts';
