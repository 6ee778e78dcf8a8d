import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { FOOTER_OFFSET_COLLAPSED_PX, PublicSettings, SIDEBAR_WIDTH_PX, useService, useT } from '@bastion/sdk';
import type { HostMenuItem } from '../plugins/composeContributions';

function MenuLabel({ item }: { item: HostMenuItem }) {
  const t = useT(item.namespace);
  return <span className="bastion-menu-label">{item.literal ? item.title : t(item.title)}</span>;
}

function MenuEntry({
  item,
  depth,
  collapsed,
  onNavigate,
}: {
  item: HostMenuItem;
  depth: number;
  collapsed: boolean;
  onNavigate: () => void;
}) {
  const t = useT(item.namespace);
  const indent = { paddingLeft: collapsed ? undefined : `${1 + depth}rem` };
  const title = item.literal ? item.title : t(item.title);
  if (item.children.length) {
    return (
      <li data-plugin={item.pluginId}>
        <div
          className="bastion-menu-group flex align-items-center gap-2 py-2 pr-3 text-color-secondary font-medium"
          style={indent}
          data-testid={item.testId}
          title={title}
        >
          {item.icon ? <i className={item.icon} aria-hidden="true" /> : null}
          <MenuLabel item={item} />
        </div>
        <ul className="list-none p-0 m-0">
          {item.children.map((child) => (
            <MenuEntry
              key={child.id}
              item={child}
              depth={depth + 1}
              collapsed={collapsed}
              onNavigate={onNavigate}
            />
          ))}
        </ul>
      </li>
    );
  }
  const className = 'bastion-menu-link flex align-items-center gap-2 py-2 pr-3 no-underline border-round';
  if (item.external) {
    return (
      <li data-plugin={item.pluginId}>
        <a
          href={item.path}
          target="_blank"
          rel="noopener noreferrer"
          data-testid={item.testId}
          data-external="true"
          style={indent}
          title={title}
          className={`${className} text-color`}
        >
          {item.icon ? <i className={item.icon} aria-hidden="true" /> : null}
          <MenuLabel item={item} />
          <i className="pi pi-external-link text-xs ml-auto bastion-menu-label" aria-hidden="true" />
        </a>
      </li>
    );
  }
  return (
    <li data-plugin={item.pluginId}>
      <NavLink
        to={item.path ?? '/'}
        data-testid={item.testId}
        data-unavailable={item.unavailable ? 'true' : undefined}
        style={indent}
        title={title}
        onClick={onNavigate}
        className={({ isActive }) =>
          `${className} ${isActive ? 'bg-primary-50 text-primary font-medium' : 'text-color'}`
        }
      >
        {item.icon ? <i className={item.icon} aria-hidden="true" /> : null}
        <MenuLabel item={item} />
      </NavLink>
    </li>
  );
}

/**
 * The left menu of the current view (docs/shell.md#sidebar): logo per setting (full logo expanded, the small
 * one collapsed), the entries of the view, the collapse toggle at the bottom. On mobile it is a drawer that
 * holds the view switcher and organization selector too, and closes after navigation.
 */
export function Sidebar({
  items,
  collapsed,
  mobile,
  open,
  viewTitle,
  onToggle,
  onNavigate,
  mobileSlot,
}: {
  items: readonly HostMenuItem[];
  collapsed: boolean;
  mobile: boolean;
  open: boolean;
  viewTitle: string;
  onToggle: () => void;
  onNavigate: () => void;
  mobileSlot?: ReactNode;
}) {
  const t = useT('host');
  const settings = useService(PublicSettings).values;
  const logo = collapsed ? settings?.LOGO_URLS?.logo_logout : settings?.LOGO_URLS?.logo_index;
  const width = collapsed ? FOOTER_OFFSET_COLLAPSED_PX : SIDEBAR_WIDTH_PX;
  if (mobile && !open) return null;
  return (
    <>
      {mobile ? (
        <div className="bastion-sidebar-mask" onClick={onNavigate} data-testid="sidebar-mask" />
      ) : null}
      <aside
        className={`bastion-sidebar surface-section border-right-1 surface-border flex flex-column ${collapsed ? 'is-collapsed' : ''}`}
        style={{ width }}
        data-testid="sidebar"
        data-collapsed={collapsed ? 'true' : 'false'}
      >
        <div
          className="flex align-items-center gap-2 p-3 border-bottom-1 surface-border"
          style={{ minHeight: 56 }}
        >
          {logo ? (
            <img
              src={logo}
              alt=""
              data-testid="sidebar-logo"
              style={{ maxHeight: 32, maxWidth: collapsed ? 30 : 180 }}
            />
          ) : null}
          {!logo && !collapsed && settings?.LOGIN_TITLE ? (
            <span className="font-bold">{settings.LOGIN_TITLE}</span>
          ) : null}
        </div>
        {mobileSlot ? (
          <div
            className="flex flex-column gap-2 p-2 border-bottom-1 surface-border"
            data-testid="sidebar-mobile-slot"
          >
            {mobileSlot}
          </div>
        ) : null}
        {!collapsed && viewTitle ? (
          <div className="px-3 pt-3 pb-1 text-sm text-color-secondary" data-testid="sidebar-view-title">
            {viewTitle}
          </div>
        ) : null}
        <nav aria-label={t('frame.navigation')} className="p-2 flex-1 overflow-y-auto">
          <ul className="list-none p-0 m-0" data-testid="sidebar-menu">
            {items.map((item) => (
              <MenuEntry
                key={`${item.pluginId}/${item.id}`}
                item={item}
                depth={0}
                collapsed={collapsed}
                onNavigate={onNavigate}
              />
            ))}
          </ul>
        </nav>
        {mobile ? null : (
          <button
            type="button"
            className="bastion-nav-button border-top-1 surface-border justify-content-center p-3"
            onClick={onToggle}
            data-testid="sidebar-toggle"
            aria-label={collapsed ? t('frame.expand') : t('frame.collapse')}
            title={collapsed ? t('frame.expand') : t('frame.collapse')}
          >
            <i
              className={collapsed ? 'pi pi-angle-double-right' : 'pi pi-angle-double-left'}
              aria-hidden="true"
            />
          </button>
        )}
      </aside>
    </>
  );
}
