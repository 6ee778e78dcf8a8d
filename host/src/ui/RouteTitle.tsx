import { useEffect } from 'react';
import { PublicSettings, useService, useT } from '@bastion/sdk';

/** Page title = route title + LOGIN_TITLE (docs/shell.md#the-page-frame). Renders nothing. */
export function RouteTitle({ title, ns }: { title: string; ns: string }) {
  const t = useT(ns);
  const loginTitle = useService(PublicSettings).values?.LOGIN_TITLE;
  const text = t(title);
  useEffect(() => {
    document.title = loginTitle ? `${text} - ${loginTitle}` : text;
  }, [text, loginTitle]);
  return null;
}
