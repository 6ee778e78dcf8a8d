import { LOGOUT_PATH, Session, useProfile, useService, useT } from '@bastion/sdk';

/** Top bar of the plain frame: the user's name and the Logout link. */
export function TopBar() {
  const t = useT('host');
  const profile = useProfile();
  const session = useService(Session);
  return (
    <header
      className="flex align-items-center justify-content-end gap-4 px-4 surface-card border-bottom-1 surface-border"
      style={{ minHeight: 56 }}
    >
      <span className="flex align-items-center gap-2" title={t('frame.user', { name: profile?.name ?? '' })}>
        <i className="pi pi-user" aria-hidden="true" />
        <span data-testid="user-name" id="user-name">
          {profile?.name || profile?.username}
        </span>
      </span>
      <a
        href={LOGOUT_PATH}
        id="logout"
        data-testid="logout"
        className="flex align-items-center gap-2 no-underline text-color"
        onClick={(event) => {
          // The link works without JS too; with JS we add next=<current path> (spec §2 "External targets").
          event.preventDefault();
          session.logout();
        }}
      >
        <i className="pi pi-sign-out" aria-hidden="true" />
        {t('frame.logout')}
      </a>
    </header>
  );
}
