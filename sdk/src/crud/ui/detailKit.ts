/** The detail half of the kit, one lazy chunk: the detail page, its parts and tabbed pages. */
export { DetailPage, InfoTab } from './DetailPage';
export { DetailCard, QuickActions, RelationCard } from './DetailParts';
export { TabsPage } from './TabsPage';
