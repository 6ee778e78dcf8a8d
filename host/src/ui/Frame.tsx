import { Outlet } from 'react-router-dom';
import type { HostMenuItem } from '../plugins/composeContributions';
import { Sidebar } from './Sidebar';
import { TopBar } from './TopBar';

/** The plain frame: sidebar, top bar, content. The complete shell (tabs, view switcher, …) comes later. */
export function Frame({ menus }: { menus: readonly HostMenuItem[] }) {
  return (
    <div className="flex min-h-screen surface-ground">
      <Sidebar items={menus} />
      <div className="flex flex-column flex-1 min-w-0">
        <TopBar />
        <main className="flex-1 p-4" id="content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
