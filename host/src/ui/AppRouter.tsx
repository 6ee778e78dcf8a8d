import { createElement, memo, useEffect, useRef, type ReactNode } from 'react';
import {
  BrowserRouter,
  Navigate,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  type Location,
} from 'react-router-dom';
import {
  CONSOLE_VIEWS,
  LOGIN_PATH,
  PRE_VIEW_STORAGE_KEY,
  startView,
  useProfile,
  useT,
  type ConsoleView,
} from '@bastion/sdk';
import {
  UNAVAILABLE_PATH,
  firstAvailablePath,
  sectionIndexPath,
  type Composition,
  type HostRoute,
} from '../plugins/composeContributions';
import { Shell } from '../shell/Shell';
import { useShell } from '../shell/ShellContext';
import { TaskLogPage } from '../shell/TaskLogPage';
import { PluginBoundary, PluginFaultContext, type PluginFaultReporter } from './PluginBoundary';
import { PluginStillLoading, PluginUnavailable } from './PluginUnavailable';
import { RouteTitle } from './RouteTitle';
import { ForbiddenPage, NotFoundPage } from './StatusPages';

/** The router basename: the app lives under /ui/. */
export const ROUTER_BASENAME = '/ui';

/** One contributed page: plugin scope, error boundary, Suspense, page title, 403 when not permitted. */
export function PluginRouteElement({ hostRoute }: { hostRoute: HostRoute }) {
  const { route, pluginId, namespace } = hostRoute;
  // Keyed by path: a page that crashed must not keep its error panel after the user navigates on.
  const { pathname } = useLocation();
  let page: ReactNode;
  if (!hostRoute.allowed) page = <ForbiddenPage />;
  else page = route.component ? createElement(route.component) : route.element;
  return (
    <PluginBoundary
      key={pathname}
      scope={{ pluginId, i18nNamespace: namespace }}
      title={hostRoute.pluginTitle}
    >
      <RouteTitle title={route.title} ns={namespace} />
      {page}
    </PluginBoundary>
  );
}

const stillLoading = (composition: Composition) =>
  composition.unavailable.filter((u) => u.reason.kind === 'loading');

function readPreView(): string | null {
  try {
    return window.localStorage.getItem(PRE_VIEW_STORAGE_KEY);
  } catch {
    return null;
  }
}

function NoPages() {
  const t = useT('host');
  return (
    <p className="text-color-secondary" data-testid="no-pages">
      {t('app.noPages')}
    </p>
  );
}

/**
 * docs/shell.md#views: the root goes to the last-used view (PreView) when still allowed, else the first
 * available one.
 */
function RootRedirect({ composition }: { composition: Composition }) {
  const profile = useProfile();
  const view = profile ? startView(profile, readPreView()) : readPreView();
  const target = firstAvailablePath(composition, view);
  if (!target)
    return stillLoading(composition).length ? <UnknownPath composition={composition} /> : <NoPages />;
  return <Navigate to={target} replace />;
}

/** `/<view>`: the first page of that view; a view without pages yet falls through to the first page. */
function ViewIndex({ composition, view }: { composition: Composition; view: ConsoleView }) {
  const target = firstAvailablePath(composition, view);
  if (!target)
    return stillLoading(composition).length ? <UnknownPath composition={composition} /> : <NoPages />;
  return <Navigate to={target} replace />;
}

/**
 * An address no loaded plugin answers: while some plugins are still loading it may be one of theirs, so it
 * waits for them (each times out alone) instead of sending the user to 404.
 */
function UnknownPath({ composition }: { composition: Composition }) {
  const location = useLocation();
  const loading = stillLoading(composition);
  const section = sectionIndexPath(composition, location.pathname);
  if (section) return <Navigate to={section} replace />;
  if (!loading.length) return <Navigate to="/404" replace />;
  return (
    <>
      {loading.map((u) => (
        <PluginStillLoading key={u.pluginId} pluginId={u.pluginId} title={u.title} />
      ))}
    </>
  );
}

function UnavailableRoute({ composition }: { composition: Composition }) {
  const { pluginId } = useParams();
  const failed = composition.unavailable.find((u) => u.pluginId === pluginId);
  if (!failed) return <Navigate to="/404" replace />;
  return <PluginUnavailable pluginId={failed.pluginId} title={failed.title} reason={failed.reason} />;
}

/** `/terminal/sessions/{id}` (old links) → the session detail. */
function OldSessionRedirect() {
  const { id } = useParams();
  return <Navigate to={`/audit/sessions/sessions/${encodeURIComponent(id ?? '')}`} replace />;
}

/** `/redirect/<path>` refreshes the page of `<path>` (its tab's cached page is rebuilt). */
function RefreshRedirect() {
  const shell = useShell();
  const location = useLocation();
  const rest = location.pathname.replace(/^\/redirect/, '') || '/';
  useEffect(() => {
    shell.refresh(rest, `${rest}${location.search}`);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return null;
}

/** `/login` skips every check: straight to the core's login page. */
function LoginRedirect() {
  useEffect(() => {
    window.location.assign(LOGIN_PATH);
  }, []);
  return null;
}

/**
 * The page routes, rendered at a given location (the kept-alive tabs render theirs at their own). Memoised:
 * the shell's own state (tabs, sidebar) changes re-render the frame, never the pages inside it
 * (docs/first-view.md#the-shell-settles-without-re-rendering-the-page).
 */
export const PageRoutes = memo(function PageRoutes({
  composition,
  location,
}: {
  composition: Composition;
  location?: Location;
}) {
  return (
    <Routes location={location}>
      <Route index element={<RootRedirect composition={composition} />} />
      {composition.routes.map((hostRoute) => (
        <Route
          key={`${hostRoute.pluginId}:${hostRoute.route.path}`}
          path={hostRoute.route.path}
          element={
            <PluginRouteElement key={`${hostRoute.pluginId}:${hostRoute.route.path}`} hostRoute={hostRoute} />
          }
        />
      ))}
      {CONSOLE_VIEWS.map((view) => (
        <Route
          key={`view:${view}`}
          path={`/${view}`}
          element={<ViewIndex composition={composition} view={view} />}
        />
      ))}
      <Route path="/terminal/sessions/:id" element={<OldSessionRedirect />} />
      <Route path="/redirect/*" element={<RefreshRedirect />} />
      <Route path="/login" element={<LoginRedirect />} />
      <Route
        path={`${UNAVAILABLE_PATH}/:pluginId`}
        element={<UnavailableRoute composition={composition} />}
      />
      <Route path="/403" element={<ForbiddenPage />} />
      <Route path="/404" element={<NotFoundPage />} />
      <Route path="*" element={<UnknownPath composition={composition} />} />
    </Routes>
  );
});

/** The console's routes: the task-log pages stand alone; everything else sits in the shell. */
export function AppRoutes({ composition }: { composition: Composition }) {
  const renderRoutes = (location: Location) => <PageRoutes composition={composition} location={location} />;
  return (
    <Routes>
      <Route path="/ops/celery/task/:id/log/" element={<TaskLogPage />} />
      <Route path="/ops/task/task/:id/log/" element={<TaskLogPage />} />
      <Route path="*" element={<Shell composition={composition} renderRoutes={renderRoutes} />} />
    </Routes>
  );
}

/** Navigates to `to` once, replacing the current entry (a redirect decided after the router started). */
function RedirectOnce({ to }: { to: string }) {
  const navigate = useNavigate();
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (done.current === to) return;
    done.current = to;
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

export function AppRouter({
  composition,
  reportFault = () => undefined,
  redirectTo = null,
}: {
  composition: Composition;
  /** Where a plugin's render failure is reported (the server log, from boot). */
  reportFault?: PluginFaultReporter;
  /** A redirect boot decided once a late plugin arrived (the first-login page). */
  redirectTo?: string | null;
}) {
  return (
    <PluginFaultContext.Provider value={reportFault}>
      <BrowserRouter basename={ROUTER_BASENAME}>
        {redirectTo ? <RedirectOnce to={redirectTo} /> : null}
        <AppRoutes composition={composition} />
      </BrowserRouter>
    </PluginFaultContext.Provider>
  );
}
