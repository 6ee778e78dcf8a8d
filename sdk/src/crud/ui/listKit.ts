/**
 * The list half of the kit, one lazy chunk: what a list page renders. Almost every first view is a list, so
 * the server preloads this chunk with the host (importmap.json "preload"); its PrimeReact components are in
 * the first-view group.
 */
export { ListPage } from './ListPage';
export { ListTable } from './ListTable';
export { TagSearch } from './TagSearch';
export { default as NodeTreeView } from './NodeTreeView';
export { ListIconButton, MenuButton, RowActionButtons } from './ListParts';
