import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  ENTERPRISE_URL,
  Http,
  I18n,
  LANGUAGES,
  Org,
  PRE_VIEW_STORAGE_KEY,
  PublicSettings,
  Session,
  TICKETS_URL,
  TICKET_COUNT_LIMIT,
  WEB_TERMINAL_PATH,
  availableViews,
  badgeText,
  useCan,
  useOrg,
  useProfile,
  useService,
  useT,
  type ConsoleView,
  type Language,
  type Page,
} from '@bastion/sdk';
import { DropdownMenu, type DropdownEntry } from './DropdownMenu';
import { useShell } from './ShellContext';
import { accountMenuEntries } from './shellRules';
import { SiteMessagesButton } from './SiteMessagesButton';

/** i18n keys of the views' names. */
export const VIEW_LABEL_KEYS: Readonly<Record<ConsoleView, string>> = {
  console: 'view.console',
  audit: 'view.audit',
  workbench: 'view.workbench',
  tickets: 'view.tickets',
  settings: 'view.settings',
  profile: 'view.profile',
};

const LANGUAGE_NAMES: Readonly<Record<Language, string>> = { zh: '中文', en: 'English', ja: '日本語' };

/**
 * The view switcher (docs/shell.md#navbar): the views this user may use; choosing one resets state and opens
 * it.
 */
export function ViewSwitcher({ view }: { view: ConsoleView | null }) {
  const t = useT('host');
  const profile = useProfile();
  const shell = useShell();
  if (!profile) return null;
  const views = availableViews(profile);
  const entries: DropdownEntry[] = views.map((v) => ({
    key: v,
    label: t(VIEW_LABEL_KEYS[v]),
    testId: `view-option-${v}`,
    selected: v === view,
    onSelect: () => {
      try {
        window.localStorage.setItem(PRE_VIEW_STORAGE_KEY, v);
      } catch {
        // without storage the choice simply is not remembered
      }
      shell.reset({ keepPreView: true });
      // A full load: the view and organization checks of start-up run again for the new view.
      window.location.assign(`/ui/${v}`);
    },
  }));
  return (
    <DropdownMenu
      testId="view-switcher"
      label={t('nav.view')}
      entries={entries}
      trigger={
        <span className="flex align-items-center gap-2">
          <i className="pi pi-th-large" aria-hidden="true" />
          <span data-testid="current-view">{view ? t(VIEW_LABEL_KEYS[view]) : t('nav.view')}</span>
          <i className="pi pi-angle-down text-xs" aria-hidden="true" />
        </span>
      }
    />
  );
}

/**
 * The organization selector (docs/shell.md#navbar, docs/organizations.md#in-the-console): the organizations
 * of the current view; in the console view the actions "create" and "list" (disabled without permission).
 * Switching resets state and reloads.
 */
export function OrgSelector({ view }: { view: ConsoleView | null }) {
  const t = useT('host');
  const org = useService(Org);
  const current = useOrg();
  const shell = useShell();
  const canAdd = useCan('orgs.add_organization');
  const canList = useCan('orgs.view_organization');
  useProfile();
  const orgs = org.orgsForView(view);
  const entries: DropdownEntry[] = [];
  if (view === 'console') {
    entries.push(
      { key: 'h-actions', heading: true, label: t('org.organizations') },
      {
        key: 'create',
        label: t('org.create'),
        icon: 'pi pi-plus',
        testId: 'org-action-create',
        disabled: !canAdd,
        onSelect: () => window.location.assign('/ui/settings/orgs/create'),
      },
      {
        key: 'list',
        label: t('org.list'),
        icon: 'pi pi-list',
        testId: 'org-action-list',
        disabled: !canList,
        onSelect: () => window.location.assign('/ui/settings/orgs'),
      },
    );
  }
  entries.push({ key: 'h-all', heading: true, label: t('org.all') });
  for (const o of orgs) {
    entries.push({
      key: o.id,
      label: o.name,
      icon: o.is_root ? 'pi pi-globe' : 'pi pi-sitemap',
      testId: `org-option-${o.id}`,
      selected: o.id === current?.id,
      disabled: o.disabled,
      onSelect: () => {
        if (o.id === current?.id) return;
        shell.reset({ keepPreView: true });
        org.switchTo(o);
      },
    });
  }
  const name = orgs.find((o) => o.id === current?.id)?.name ?? current?.name ?? '';
  return (
    <DropdownMenu
      testId="org-selector"
      label={t('org.select')}
      entries={entries}
      trigger={
        <span className="flex align-items-center gap-2">
          <i className="pi pi-sitemap" aria-hidden="true" />
          <span data-testid="current-org">{name}</span>
          <i className="pi pi-angle-down text-xs" aria-hidden="true" />
        </span>
      }
    />
  );
}

function TicketsLink() {
  const t = useT('host');
  const http = useService(Http);
  const profile = useProfile();
  const [count, setCount] = useState<number | null>(null);
  useEffect(() => {
    if (!profile) return;
    const controller = new AbortController();
    http
      .get<Page<unknown>>(TICKETS_URL, {
        params: { assignees__id: profile.id, status: 'open', offset: 0, limit: TICKET_COUNT_LIMIT },
        silent: true,
        signal: controller.signal,
      })
      .then((page) => setCount(typeof page?.count === 'number' ? page.count : null))
      .catch(() => setCount(null));
    return () => controller.abort();
  }, [http, profile]);
  const badge = badgeText(count ?? 0);
  return (
    <Link
      to="/tickets"
      className="bastion-nav-button p-overlay-badge"
      data-testid="nav-tickets"
      title={t('nav.tickets')}
    >
      <i className="pi pi-ticket" aria-hidden="true" />
      <span className="bastion-nav-text">{t('nav.tickets')}</span>
      {badge ? (
        <span className="p-badge p-component p-badge-danger" data-testid="tickets-badge">
          {badge}
        </span>
      ) : null}
    </Link>
  );
}

function HelpMenu() {
  const t = useT('host');
  const settings = useService(PublicSettings);
  const values = settings.values ?? {};
  const open = (url: string) => window.open(url, '_blank', 'noopener,noreferrer');
  const entries: DropdownEntry[] = [];
  if (values.HELP_DOCUMENT_URL)
    entries.push({
      key: 'docs',
      label: t('help.docs'),
      icon: 'pi pi-book',
      testId: 'help-docs',
      onSelect: () => open(String(values.HELP_DOCUMENT_URL)),
    });
  if (values.HELP_SUPPORT_URL)
    entries.push({
      key: 'support',
      label: t('help.support'),
      icon: 'pi pi-phone',
      testId: 'help-support',
      onSelect: () => open(String(values.HELP_SUPPORT_URL)),
    });
  if (!settings.licensed)
    entries.push({
      key: 'enterprise',
      label: t('help.enterprise'),
      icon: 'pi pi-star',
      testId: 'help-enterprise',
      onSelect: () => open(ENTERPRISE_URL),
    });
  return (
    <DropdownMenu
      testId="nav-help"
      label={t('help.title')}
      align="right"
      entries={entries}
      trigger={<i className="pi pi-question-circle" aria-hidden="true" />}
    />
  );
}

function AccountMenu() {
  const t = useT('host');
  const profile = useProfile();
  const session = useService(Session);
  const i18n = useService(I18n);
  const settings = useService(PublicSettings);
  const shell = useShell();
  const go = (path: string) => window.location.assign(`/ui${path}`);
  const entries: DropdownEntry[] = [];
  for (const entry of accountMenuEntries({
    perms: profile?.perms ?? [],
    authTempToken: settings.values?.AUTH_TEMP_TOKEN === true,
  })) {
    if (entry === 'profile')
      entries.push({
        key: entry,
        label: t('account.profile'),
        icon: 'pi pi-id-card',
        testId: 'account-profile',
        onSelect: () => go('/profile/info'),
      });
    if (entry === 'apiKey')
      entries.push({
        key: entry,
        label: t('account.apiKey'),
        icon: 'pi pi-key',
        testId: 'account-api-key',
        onSelect: () => go('/profile/key'),
      });
    if (entry === 'tempPassword')
      entries.push({
        key: entry,
        label: t('account.tempPassword'),
        icon: 'pi pi-lock',
        testId: 'account-temp-password',
        onSelect: () => go('/profile/temp-password'),
      });
    if (entry === 'logout') {
      entries.push({ key: 'h-lang', heading: true, label: t('account.language') });
      for (const lng of LANGUAGES)
        entries.push({
          key: `lang-${lng}`,
          label: LANGUAGE_NAMES[lng],
          icon: 'pi pi-language',
          testId: `language-${lng}`,
          selected: i18n.language === lng,
          onSelect: () => i18n.changeLanguage(lng),
        });
      entries.push({
        key: entry,
        label: t('frame.logout'),
        icon: 'pi pi-sign-out',
        testId: 'logout',
        onSelect: () => {
          shell.reset();
          session.logout();
        },
      });
    }
  }
  return (
    <DropdownMenu
      testId="account-menu"
      label={t('frame.user', { name: profile?.name ?? '' })}
      align="right"
      entries={entries}
      trigger={
        <span className="flex align-items-center gap-2">
          <i className="pi pi-user" aria-hidden="true" />
          <span data-testid="user-name" id="user-name" className="bastion-nav-text">
            {profile?.name || profile?.username}
          </span>
          <i className="pi pi-angle-down text-xs" aria-hidden="true" />
        </span>
      }
    />
  );
}

/**
 * The navbar (docs/shell.md#navbar): hamburger, view switcher and organization selector on the left (inside
 * the sidebar on mobile); site messages, web terminal, settings, tickets, help and the account menu on the
 * right.
 */
export function NavBar({
  view,
  showOrgSelector,
  showTickets,
}: {
  view: ConsoleView | null;
  showOrgSelector: boolean;
  showTickets: boolean;
}) {
  const t = useT('host');
  const shell = useShell();
  const canTerminal = useCan('rbac.view_webterminal');
  const canSettings = useCan('settings.view_setting');
  return (
    <header
      className="bastion-navbar flex align-items-center gap-2 px-2 surface-card border-bottom-1 surface-border"
      data-testid="navbar"
    >
      <button
        type="button"
        className="bastion-nav-button"
        onClick={shell.toggleSidebar}
        data-testid="hamburger"
        aria-label={t('frame.toggleSidebar')}
        title={t('frame.toggleSidebar')}
      >
        <i className="pi pi-bars" aria-hidden="true" />
      </button>
      {shell.mobile ? null : (
        <>
          <ViewSwitcher view={view} />
          {showOrgSelector ? <OrgSelector view={view} /> : null}
        </>
      )}
      <div className="flex-1" />
      <SiteMessagesButton />
      {canTerminal ? (
        <button
          type="button"
          className="bastion-nav-button"
          data-testid="nav-webterminal"
          title={t('nav.webTerminal')}
          aria-label={t('nav.webTerminal')}
          onClick={() => window.open(`${WEB_TERMINAL_PATH}?_=${Date.now()}`, '_blank', 'noopener')}
        >
          <i className="pi pi-desktop" aria-hidden="true" />
        </button>
      ) : null}
      {canSettings ? (
        <Link
          to="/settings"
          className="bastion-nav-button"
          data-testid="nav-settings"
          title={t('nav.settings')}
          aria-label={t('nav.settings')}
        >
          <i className="pi pi-cog" aria-hidden="true" />
        </Link>
      ) : null}
      {showTickets ? <TicketsLink /> : null}
      <HelpMenu />
      <AccountMenu />
    </header>
  );
}
