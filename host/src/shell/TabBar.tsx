import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { pathKey, useT, type VisitedView } from '@bastion/sdk';
import { useShell } from './ShellContext';

function TabTitle({ view }: { view: VisitedView }) {
  const t = useT(view.ns ?? 'host');
  return <span>{view.ns ? t(view.title) : view.title}</span>;
}

/**
 * The visited-view tab bar (docs/shell.md#visited-tabs): one tab per path; affix tabs cannot close; context
 * menu Refresh, Close, Close Others, Close All; a middle click closes.
 */
export function TabBar() {
  const t = useT('host');
  const shell = useShell();
  const location = useLocation();
  const active = pathKey(location.pathname);
  const [menu, setMenu] = useState<{ x: number; y: number; view: VisitedView } | null>(null);
  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener('click', close);
    document.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('click', close);
      document.removeEventListener('scroll', close, true);
    };
  }, [menu]);
  // The bar keeps its row before the first tab is added (an effect after the page's first render): appearing
  // later, it pushed the page down under a pointer already on its way (docs/shell.md#visited-tabs).
  const activeFull = `${location.pathname}${location.search}`;
  return (
    <div
      className="bastion-tabbar flex align-items-center gap-1 px-2 surface-card border-bottom-1 surface-border"
      data-testid="tags-view"
      role="tablist"
    >
      {shell.views.map((view) => (
        <div
          key={view.path}
          role="tab"
          aria-selected={view.path === active}
          className={`bastion-tab flex align-items-center gap-1 ${view.path === active ? 'is-active' : ''}`}
          data-testid="tab"
          data-path={view.path}
          data-affix={view.affix ? 'true' : undefined}
          onAuxClick={(event) => {
            if (event.button === 1 && !view.affix) {
              event.preventDefault();
              shell.closeView(view.path, activeFull);
            }
          }}
          onMouseDown={(event) => {
            if (event.button === 1) event.preventDefault();
          }}
          onContextMenu={(event) => {
            event.preventDefault();
            setMenu({ x: event.clientX, y: event.clientY, view });
          }}
        >
          <Link to={view.fullPath} className="no-underline text-inherit" data-testid="tab-link">
            <TabTitle view={view} />
          </Link>
          {view.affix ? null : (
            <button
              type="button"
              className="bastion-tab-close"
              aria-label={t('tabs.close')}
              data-testid="tab-close"
              onClick={() => shell.closeView(view.path, activeFull)}
            >
              <i className="pi pi-times" aria-hidden="true" />
            </button>
          )}
        </div>
      ))}
      {menu ? (
        <ul
          role="menu"
          className="bastion-dropdown bastion-contextmenu list-none m-0 p-1 surface-overlay border-1 surface-border border-round shadow-2"
          style={{ position: 'fixed', left: menu.x, top: menu.y }}
          data-testid="tab-context-menu"
        >
          {(
            [
              ['refresh', 'tabs.refresh', () => shell.refresh(menu.view.path, menu.view.fullPath), false],
              [
                'close',
                'tabs.close',
                () => shell.closeView(menu.view.path, activeFull),
                Boolean(menu.view.affix),
              ],
              [
                'close-others',
                'tabs.closeOthers',
                () => shell.closeOthers(menu.view.path, activeFull),
                false,
              ],
              ['close-all', 'tabs.closeAll', () => shell.closeAll(activeFull), false],
            ] as const
          ).map(([id, key, action, disabled]) => (
            <li key={id} role="none">
              <button
                type="button"
                role="menuitem"
                disabled={disabled}
                className="bastion-dropdown-item"
                data-testid={`tab-ctx-${id}`}
                onClick={() => {
                  setMenu(null);
                  action();
                }}
              >
                {t(key)}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
