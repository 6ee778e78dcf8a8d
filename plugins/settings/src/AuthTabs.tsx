import { TabMenu } from 'primereact/tabmenu';
import { useLocation, useNavigate } from 'react-router-dom';
import { useT } from '@bastion/sdk';
import { CATEGORY_PAGES, isAuthTab } from './categories';

/** The Auth page's sources, in the order of the data (docs/auth-sources.md#the-auth-page). */
export const AUTH_TABS = CATEGORY_PAGES.filter(isAuthTab);

/** The tab strip above each tab of the Auth page: one tab per category page under /settings/auth. */
export function AuthTabs() {
  const t = useT();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const active = AUTH_TABS.findIndex((page) => pathname.replace(/\/+$/, '') === page.path);
  return (
    <TabMenu
      className="mb-3"
      data-testid="auth-tabs"
      activeIndex={Math.max(active, 0)}
      model={AUTH_TABS.map((page, index) => ({
        label: t(page.title),
        icon: page.icon,
        command: () => navigate(page.path),
        template: (item, options) => (
          <a
            href={page.path}
            className={options.className}
            data-testid={`auth-tab-${page.category}`}
            aria-current={index === active ? 'page' : undefined}
            onClick={(event) => {
              event.preventDefault();
              navigate(page.path);
            }}
          >
            <span className={`${options.iconClassName} ${page.icon}`} aria-hidden="true" />
            <span className={options.labelClassName}>{item.label}</span>
          </a>
        ),
      }))}
    />
  );
}
