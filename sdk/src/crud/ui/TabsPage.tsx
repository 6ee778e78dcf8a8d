import { useState, type ReactNode } from 'react';
import { TabPanel, TabView } from 'primereact/tabview';
import { useSearchParams } from 'react-router-dom';
import { rememberTab, readActiveTabCookie } from '../detailTabs';
import { resolveActiveTab } from '../../rules/tabPages';
import { useKit } from './kit';

export interface PageTab {
  name: string;
  /** Plugin i18n key. */
  title: string;
  hidden?: boolean;
  render: () => ReactNode;
}

/** A tabbed page (e.g. system / org roles): activeTab query → cookie (1 day) → default. */
export function TabsPage({
  tabs,
  defaultTab,
  testId,
}: {
  tabs: readonly PageTab[];
  defaultTab?: string;
  testId?: string;
}) {
  const { pt } = useKit();
  const [search, setSearch] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(null);
  const visible = tabs.filter((tab) => !tab.hidden);
  const active =
    chosen && visible.some((tab) => tab.name === chosen)
      ? chosen
      : resolveActiveTab({
          tabs: visible,
          query: search.get('activeTab'),
          cookie: readActiveTabCookie(document.cookie),
          defaultTab,
        });
  return (
    <div data-testid={testId ?? 'tabs-page'}>
      <TabView
        activeIndex={Math.max(
          0,
          visible.findIndex((tab) => tab.name === active),
        )}
        onTabChange={(e) => {
          const tab = visible[e.index];
          if (!tab) return;
          rememberTab(tab.name);
          setChosen(tab.name);
          // The list below keeps its own query; only the tab choice leaves the address.
          setSearch(new URLSearchParams(), { replace: true });
        }}
      >
        {visible.map((tab) => (
          <TabPanel key={tab.name} header={pt(tab.title)}>
            {tab.name === active ? tab.render() : null}
          </TabPanel>
        ))}
      </TabView>
    </div>
  );
}

export default TabsPage;
