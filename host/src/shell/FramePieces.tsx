import { useEffect, useState } from 'react';
import { Message } from 'primereact/message';
import {
  FOOTER_OFFSET_COLLAPSED_PX,
  FOOTER_OFFSET_OPEN_PX,
  Http,
  LICENSE_DETAIL_URL,
  PRODUCT_VERSION,
  PublicSettings,
  licenseBanner,
  passwordBanner,
  useProfile,
  useService,
  useT,
  type BannerState,
} from '@bastion/sdk';
import { isAdmin } from './shellRules';

/**
 * Footer (docs/shell.md#the-page-frame): version, the GPLv2 note without a valid licence, the corporation;
 * offset per sidebar.
 */
export function Footer({ mobile, collapsed }: { mobile: boolean; collapsed: boolean }) {
  const t = useT('host');
  const settings = useService(PublicSettings);
  const corporation = settings.values?.XPACK_LICENSE_INFO?.corporation;
  const offset = mobile ? 0 : collapsed ? FOOTER_OFFSET_COLLAPSED_PX : FOOTER_OFFSET_OPEN_PX;
  return (
    <footer
      className="bastion-footer text-sm text-color-secondary pr-3 py-2"
      style={{ paddingLeft: offset + 16 }}
      data-testid="footer"
      data-offset={offset}
    >
      <span>
        {t('footer.version')} <strong data-testid="footer-version">{PRODUCT_VERSION}</strong>
      </span>
      {settings.licensed ? null : (
        <span className="ml-2" data-testid="footer-gpl">
          {t('footer.gpl')}
        </span>
      )}
      {corporation ? (
        <span className="ml-2" data-testid="footer-corporation">
          {corporation}
        </span>
      ) : null}
    </footer>
  );
}

function Banner({ state, kind }: { state: BannerState; kind: 'license' | 'password' }) {
  const t = useT('host');
  if (!state) return null;
  const text = t(`banner.${kind}.${state.kind}`, { count: state.days, days: state.days });
  return (
    <Message
      severity={state.kind === 'expired' ? 'error' : 'warn'}
      text={text}
      className="w-full justify-content-start mb-3"
      data-testid={`banner-${kind}`}
      data-state={state.kind}
    />
  );
}

/**
 * Licence banner for Admins of the extended edition (from the licence detail) and password banner for local
 * users (docs/shell.md#the-page-frame, docs/shell.md#navbar).
 */
export function Banners() {
  const http = useService(Http);
  const settings = useService(PublicSettings);
  const profile = useProfile();
  const [licenseExpiry, setLicenseExpiry] = useState<string | null>(null);
  const [now] = useState(Date.now);
  const admin = isAdmin(profile);
  useEffect(() => {
    if (!settings.xpackEnabled || !admin) return;
    const controller = new AbortController();
    http
      .get<{ date_expired?: string | null }>(LICENSE_DETAIL_URL, { silent: true, signal: controller.signal })
      .then((detail) => setLicenseExpiry(detail?.date_expired ?? null))
      .catch(() => setLicenseExpiry(null));
    return () => controller.abort();
  }, [http, settings.xpackEnabled, admin]);
  const license = settings.xpackEnabled && admin ? licenseBanner(licenseExpiry, now) : null;
  const password = passwordBanner({
    source: profile?.source,
    lastUpdated: profile?.date_password_last_updated,
    limitDays: settings.values?.SECURITY_PASSWORD_EXPIRATION_TIME,
    now,
  });
  if (!license && !password) return null;
  return (
    <div data-testid="banners">
      <Banner state={license} kind="license" />
      <Banner state={password} kind="password" />
    </div>
  );
}

/**
 * Page heading (docs/shell.md#the-page-frame): the route title with optional help text as a success alert.
 */
export function PageHeading({ title, helpText, ns }: { title: string; helpText?: string; ns: string }) {
  const t = useT(ns);
  return (
    <div className="mb-3" data-testid="page-heading">
      <h1 className="text-xl font-medium m-0" data-testid="page-title">
        {t(title)}
      </h1>
      {helpText ? (
        <Message
          severity="success"
          text={t(helpText)}
          className="w-full justify-content-start mt-2"
          data-testid="page-help"
        />
      ) : null}
    </div>
  );
}

/** The thin bar at the top while routes and plugins load (docs/shell.md#start-up-order). */
export function TopProgress() {
  return (
    <div className="bastion-progress" role="progressbar" aria-busy="true" data-testid="top-progress">
      <div className="bastion-progress-bar" />
    </div>
  );
}
