import { useEffect, useState } from 'react';
import { Http, useService, useT } from '@bastion/sdk';
import { AUTH_TABS } from './AuthTabs';
import { enableSwitchOf } from './categories';

const urlOf = (category: string) => `/api/v1/settings/setting/?category=${encodeURIComponent(category)}`;

/**
 * The Basic tab's overview: which sign-in sources are on, read from each source tab's own switch
 * (docs/auth-sources.md#the-auth-page), so a source added to the data shows here without more code.
 */
export default function AuthSourcesPanel() {
  const t = useT();
  const http = useService(Http);
  const [states, setStates] = useState<Record<string, boolean | null>>({});

  useEffect(() => {
    let live = true;
    for (const page of AUTH_TABS) {
      const name = enableSwitchOf(page);
      if (!name) continue;
      http.get<Record<string, unknown>>(urlOf(page.category), { silent: true }).then(
        (values) => live && setStates((s) => ({ ...s, [page.category]: values[name] === true })),
        () => live && setStates((s) => ({ ...s, [page.category]: null })),
      );
    }
    return () => {
      live = false;
    };
  }, [http]);

  return (
    <section className="flex flex-column gap-2" data-testid="auth-sources">
      <h3 className="text-lg font-semibold m-0">{t('auth.sources')}</h3>
      <ul className="list-none p-0 m-0 flex flex-column gap-2">
        {AUTH_TABS.filter((page) => enableSwitchOf(page)).map((page) => {
          const on = states[page.category];
          return (
            <li key={page.category} className="flex gap-3 align-items-center">
              <span className="w-12rem">{t(page.title)}</span>
              <span
                data-testid={`auth-source-${page.category}`}
                className={on ? 'text-green-600' : 'text-color-secondary'}
              >
                {on === undefined ? '…' : on === null ? t('auth.unknown') : on ? t('auth.on') : t('auth.off')}
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
