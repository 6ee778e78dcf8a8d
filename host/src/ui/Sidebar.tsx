import { NavLink } from 'react-router-dom';
import { PublicSettings, useService, useT } from '@bastion/sdk';
import type { HostMenuItem } from '../plugins/composeContributions';

function MenuLabel({ item }: { item: HostMenuItem }) {
  const t = useT(item.namespace);
  return <span>{item.literal ? item.title : t(item.title)}</span>;
}

function MenuEntry({ item, depth }: { item: HostMenuItem; depth: number }) {
  const indent = { paddingLeft: `${1 + depth}rem` };
  if (item.children.length && !item.path) {
    return (
      <li data-plugin={item.pluginId}>
        <div
          className="flex align-items-center gap-2 py-2 pr-3 text-color-secondary font-medium"
          style={indent}
          data-testid={item.testId}
        >
          {item.icon ? <i className={item.icon} aria-hidden="true" /> : null}
          <MenuLabel item={item} />
        </div>
        <ul className="list-none p-0 m-0">
          {item.children.map((child) => (
            <MenuEntry key={child.id} item={child} depth={depth + 1} />
          ))}
        </ul>
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
        className={({ isActive }) =>
          `flex align-items-center gap-2 py-2 pr-3 no-underline border-round transition-colors transition-duration-150 ${
            isActive ? 'bg-primary-50 text-primary font-medium' : 'text-color hover:surface-hover'
          }`
        }
      >
        {item.icon ? <i className={item.icon} aria-hidden="true" /> : null}
        <MenuLabel item={item} />
      </NavLink>
    </li>
  );
}

/** The left menu composed from every plugin's menu contributions. */
export function Sidebar({ items }: { items: readonly HostMenuItem[] }) {
  const t = useT('host');
  const settings = useService(PublicSettings).values;
  const logo = settings?.LOGO_URLS?.logo_index;
  return (
    <aside className="surface-section border-right-1 surface-border flex-shrink-0" style={{ width: 220 }}>
      <div
        className="flex align-items-center gap-2 p-3 border-bottom-1 surface-border"
        style={{ minHeight: 56 }}
      >
        {logo ? <img src={logo} alt="" style={{ maxHeight: 32, maxWidth: 180 }} /> : null}
        {!logo && settings?.LOGIN_TITLE ? <span className="font-bold">{settings.LOGIN_TITLE}</span> : null}
      </div>
      <nav aria-label={t('frame.navigation')} className="p-2">
        <ul className="list-none p-0 m-0" data-testid="sidebar-menu">
          {items.map((item) => (
            <MenuEntry key={`${item.pluginId}/${item.id}`} item={item} depth={0} />
          ))}
        </ul>
      </nav>
    </aside>
  );
}
