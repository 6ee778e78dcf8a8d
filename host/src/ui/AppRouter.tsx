import { createElement, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useLocation, useParams } from 'react-router-dom';
import { PRE_VIEW_STORAGE_KEY, useT } from '@bastion/sdk';
import {
  UNAVAILABLE_PATH,
  firstAvailablePath,
  type Composition,
  type HostRoute,
} from '../plugins/composeContributions';
import { Frame } from './Frame';
import { PluginBoundary } from './PluginBoundary';
import { PluginUnavailable } from './PluginUnavailable';
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

function RootRedirect({ composition }: { composition: Composition }) {
  const t = useT('host');
  // spec §2: the root goes to the last-used view if one is stored, else the first available page.
  let view: string | null;
  try {
    view = window.localStorage.getItem(PRE_VIEW_STORAGE_KEY);
  } catch {
    view = null;
  }
  const target = firstAvailablePath(composition, view);
  if (!target) {
    return (
      <p className="text-color-secondary" data-testid="no-pages">
        {t('app.noPages')}
      </p>
    );
  }
  return <Navigate to={target} replace />;
}

function UnavailableRoute({ composition }: { composition: Composition }) {
  const { pluginId } = useParams();
  const failed = composition.unavailable.find((u) => u.pluginId === pluginId);
  if (!failed) return <Navigate to="/404" replace />;
  return <PluginUnavailable pluginId={failed.pluginId} title={failed.title} reason={failed.reason} />;
}

/** The console's routes, composed from the plugins' contributions. */
export function AppRoutes({ composition }: { composition: Composition }) {
  return (
    <Routes>
      <Route element={<Frame menus={composition.menus} />}>
        <Route index element={<RootRedirect composition={composition} />} />
        {composition.routes.map((hostRoute) => (
          <Route
            key={`${hostRoute.pluginId}:${hostRoute.route.path}`}
            path={hostRoute.route.path}
            element={
              <PluginRouteElement
                key={`${hostRoute.pluginId}:${hostRoute.route.path}`}
                hostRoute={hostRoute}
              />
            }
          />
        ))}
        <Route
          path={`${UNAVAILABLE_PATH}/:pluginId`}
          element={<UnavailableRoute composition={composition} />}
        />
        <Route path="/403" element={<ForbiddenPage />} />
        <Route path="/404" element={<NotFoundPage />} />
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Route>
    </Routes>
  );
}

export function AppRouter({ composition }: { composition: Composition }) {
  return (
    <BrowserRouter basename={ROUTER_BASENAME}>
      <AppRoutes composition={composition} />
    </BrowserRouter>
  );
}
