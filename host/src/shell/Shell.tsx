import { Activity, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, type Location } from 'react-router-dom';
import {
  FOOTER_OFFSET_COLLAPSED_PX,
  Org,
  PRE_VIEW_STORAGE_KEY,
  PublicSettings,
  SIDEBAR_WIDTH_PX,
  cachedPaths,
  checkViewAccess,
  isSwitcherView,
  orgsOfView,
  pathKey,
  showsTicketsLink,
  startView,
  useOrg,
  useProfile,
  useService,
  useT,
  viewHasOrganizations,
  viewOfPath,
  type ConsoleView,
} from '@bastion/sdk';
import type { Composition } from '../plugins/composeContributions';
import { Banners, Footer, PageHeading } from './FramePieces';
import { NavBar, OrgSelector, VIEW_LABEL_KEYS, ViewSwitcher } from './NavBar';
import { ShellProvider, useShell } from './ShellContext';
import { Sidebar } from './Sidebar';
import { TabBar } from './TabBar';
import { findHostRoute, hiddenRoutePaths, sidebarItems, viewHasPages } from './shellRules';

function readPreView(): string | null {
  try {
    return window.localStorage.getItem(PRE_VIEW_STORAGE_KEY);
  } catch {
    return null;
  }
}

/**
 * Pages stay mounted while their tab is open (docs/shell.md#visited-tabs):
 * each cached path renders its routes at its own last location inside an <Activity> that is hidden while
 * another tab is shown. Keys carry a generation so "Refresh" remounts a page. Each page sits in its own
 * container named by its path (docs/shell.md#the-page-container), so that what belongs to the page shown can
 * be told from a hidden page's copy.
 */
function KeptPages({
  composition,
  renderRoutes,
}: {
  composition: Composition;
  renderRoutes: (location: Location) => ReactNode;
}) {
  const location = useLocation();
  const shell = useShell();
  const active = pathKey(location.pathname);
  const hostRoute = findHostRoute(composition, location.pathname);
  const activeCacheable = Boolean(hostRoute?.allowed && !hostRoute.route.noCache);
  // The last location of each cached path (state adjusted while rendering).
  const [last, setLast] = useState<ReadonlyMap<string, Location>>(() => new Map());
  if (activeCacheable && last.get(active) !== location) setLast(new Map(last).set(active, location));
  const cached = new Set(cachedPaths(shell.views));
  if (activeCacheable) cached.add(active);
  const generation = (path: string) => shell.generations[path] ?? 0;
  const children: ReactNode[] = [];
  for (const path of cached) {
    const loc = path === active ? location : last.get(path);
    if (!loc) continue;
    children.push(
      <Activity key={`${path}#${generation(path)}`} mode={path === active ? 'visible' : 'hidden'}>
        <div data-testid="page" data-path={path}>
          {renderRoutes(loc)}
        </div>
      </Activity>,
    );
  }
  if (!activeCacheable) {
    children.push(
      <div key={`live:${active}#${generation(active)}`} data-testid="page" data-path={active}>
        {renderRoutes(location)}
      </div>,
    );
  }
  return <>{children}</>;
}

function ShellLayout({
  composition,
  renderRoutes,
}: {
  composition: Composition;
  renderRoutes: (location: Location) => ReactNode;
}) {
  const t = useT('host');
  const location = useLocation();
  const navigate = useNavigate();
  const shell = useShell();
  const profile = useProfile();
  const settings = useService(PublicSettings);
  const currentOrg = useOrg();
  const path = location.pathname;
  const hostRoute = useMemo(() => findHostRoute(composition, path), [composition, path]);
  const pathView = viewOfPath(path);
  // Pages outside any view (404, 403) keep the sidebar of the view the user came from.
  const [lastView, setLastView] = useState<ConsoleView | null>(pathView);
  if (pathView && pathView !== lastView) setLastView(pathView);
  const view: ConsoleView | null =
    pathView ?? lastView ?? (profile ? startView(profile, readPreView()) : null);
  const access = profile ? checkViewAccess(profile, path) : ({ ok: true } as const);

  // The view check on every navigation: a view the user may not use → reset state, first allowed view.
  useEffect(() => {
    if (!access.ok) {
      shell.reset();
      navigate(`/${access.redirectTo}`, { replace: true });
      return;
    }
    if (isSwitcherView(pathView)) {
      try {
        window.localStorage.setItem(PRE_VIEW_STORAGE_KEY, pathView);
      } catch {
        // not remembered
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  // Organizations follow the view: entering a view whose organizations do not hold the current one runs the
  // start-up organization check again (a full load), which picks an allowed organization.
  useEffect(() => {
    if (!profile || !settings.licensed || !pathView || !viewHasOrganizations(pathView) || !currentOrg) return;
    const orgs = orgsOfView(profile, pathView);
    if (orgs.length && !orgs.some((o) => o.id === currentOrg.id))
      window.location.assign(window.location.href);
  }, [pathView, profile, settings.licensed, currentOrg]);

  // Tabs: the page just opened, and the view's affix pages.
  useEffect(() => {
    if (!hostRoute?.allowed) return;
    shell.addView({
      fullPath: `${path}${location.search}`,
      title: hostRoute.route.title,
      ns: hostRoute.namespace,
      noCache: hostRoute.route.noCache,
      affix: hostRoute.route.affix,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path, location.search, hostRoute]);
  useEffect(() => {
    for (const r of composition.routes) {
      if (r.allowed && r.route.affix && r.route.view === view && !r.route.path.includes(':')) {
        if (!shell.views.some((v) => v.path === r.route.path))
          shell.addView({
            fullPath: r.route.path,
            title: r.route.title,
            ns: r.namespace,
            affix: true,
            noCache: r.route.noCache,
          });
      }
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [view, composition]);

  // The mobile sidebar closes after navigation.
  useEffect(() => {
    shell.closeMobileSidebar();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [path]);

  const items = useMemo(
    () => sidebarItems(composition.menus, view, hiddenRoutePaths(composition)),
    [composition, view],
  );
  const showOrgSelector =
    settings.licensed && viewHasOrganizations(view) && !hostRoute?.route.hideOrganization;
  const showTickets =
    profile !== null && showsTicketsLink(profile, settings.licensed) && viewHasPages(composition, 'tickets');
  const collapsed = !shell.mobile && !shell.sidebarOpen;
  const offset = shell.mobile ? 0 : collapsed ? FOOTER_OFFSET_COLLAPSED_PX : SIDEBAR_WIDTH_PX;

  return (
    <div
      className="bastion-shell"
      data-testid="shell"
      data-device={shell.mobile ? 'mobile' : 'desktop'}
      data-sidebar={shell.sidebarOpen ? 'open' : 'closed'}
      data-view={view ?? ''}
    >
      <Sidebar
        items={items}
        collapsed={collapsed}
        mobile={shell.mobile}
        open={shell.sidebarOpen}
        viewTitle={view ? t(VIEW_LABEL_KEYS[view]) : ''}
        onToggle={shell.toggleSidebar}
        onNavigate={shell.closeMobileSidebar}
        mobileSlot={
          shell.mobile ? (
            <>
              <ViewSwitcher view={view} />
              {showOrgSelector ? <OrgSelector view={view} /> : null}
            </>
          ) : undefined
        }
      />
      <div className="bastion-main flex flex-column min-h-screen" style={{ marginLeft: offset }}>
        <NavBar view={view} showOrgSelector={showOrgSelector} showTickets={showTickets} />
        <TabBar />
        <main className="flex-1 p-3" id="content">
          <Banners />
          {hostRoute?.allowed ? (
            <PageHeading
              title={hostRoute.route.title}
              helpText={hostRoute.route.helpText}
              ns={hostRoute.namespace}
            />
          ) : null}
          {access.ok ? <KeptPages composition={composition} renderRoutes={renderRoutes} /> : null}
        </main>
        <Footer mobile={shell.mobile} collapsed={collapsed} />
      </div>
    </div>
  );
}

/** The frame around every page: sidebar, navbar, tab bar, banners, heading, kept-alive pages, footer. */
export function Shell(props: { composition: Composition; renderRoutes: (location: Location) => ReactNode }) {
  useService(Org); // fail early (clear error) when the host services are missing
  return (
    <ShellProvider>
      <ShellLayout {...props} />
    </ShellProvider>
  );
}
