import { Suspense, lazy, useCallback, useEffect, useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { ProgressSpinner } from 'primereact/progressspinner';
import { TabPanel, TabView } from 'primereact/tabview';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { isHttpError } from '../../http/HttpError';
import { useRemoteObject } from '../../react/useRemoteObject';
import type { HttpClient } from '../../services/http';
import { rememberTab, cutTitle, readActiveTabCookie } from '../detailTabs';
import { resolveActiveTab } from '../../rules/tabPages';
import { fieldsOf, loadMetadata, type FieldsMeta } from '../metadata';
import { detailRights, resourcePerms, type ResourcePerms } from '../rights';
import { crudPaths, detailUrl, urlPath } from '../routes';
import { DetailCard, useDetailItems } from './DetailParts';
import type { ConfirmRequest } from './Confirm';
import { useKit, useToast, type Flash } from './kit';

const Confirm = lazy(() => import('./Confirm'));

export interface DetailContext<O = Record<string, unknown>> {
  object: O;
  /** Fetch the object again (after a quick action). */
  reload: () => void;
  /** REST URL of the object. */
  url: string;
  http: HttpClient;
  meta: FieldsMeta | null;
  notify: (severity: Flash['severity'], text: string) => void;
  rootOrg: boolean;
  can: (code: string) => boolean;
}

export interface DetailTab<O = Record<string, unknown>> {
  name: string;
  /** Plugin i18n key. */
  title: string;
  hidden?: boolean | ((context: DetailContext<O>) => boolean);
  render: (context: DetailContext<O>) => ReactNode;
}

export interface DetailPageProps<O = Record<string, unknown>> {
  /** List API URL; the object is `<url><id>/`. */
  url: string;
  basePath?: string;
  /** Title prefix (plugin i18n key); the object's name follows. */
  title?: string;
  getObjectName?: (object: O) => string;
  tabs?: readonly DetailTab<O>[];
  defaultTab?: string;
  permissions?: Partial<ResourcePerms>;
  hasUpdate?: boolean | ((object: O) => boolean);
  hasDelete?: boolean | ((object: O) => boolean);
  /** Default info tab: the detail card's fields (default every readable field). */
  fields?: readonly string[];
  /** Custom values of the default detail card. */
  formatters?: Readonly<Record<string, (object: Record<string, unknown>) => ReactNode>>;
  /** Extra content beside the default detail card (quick actions, relation cards). */
  aside?: (context: DetailContext<O>) => ReactNode;
  testId?: string;
}

function defaultName(o: Record<string, unknown>): string {
  for (const k of ['display_name', 'name', 'hostname', 'username'])
    if (typeof o[k] === 'string' && o[k]) return o[k] as string;
  return String(o.id ?? '');
}

/** The default info tab: detail card (+ aside). */
export function InfoTab<O>({
  context,
  fields,
  aside,
  formatters,
}: {
  context: DetailContext<O>;
  fields?: readonly string[];
  aside?: ReactNode;
  formatters?: Readonly<Record<string, (object: Record<string, unknown>) => ReactNode>>;
}) {
  const { t } = useKit();
  const items = useDetailItems(context.object as Record<string, unknown>, context.meta, fields, formatters);
  return (
    <div className="grid">
      <div className={aside ? 'col-12 lg:col-7' : 'col-12'}>
        <DetailCard title={t('detail.basicInfo')} items={items} />
      </div>
      {aside ? <div className="col-12 lg:col-5 flex flex-column gap-3">{aside}</div> : null}
    </div>
  );
}

/**
 * The generic detail page (docs/crud.md#detail-page, docs/permissions.md#rights-in-the-console): loading
 * state, title cut at 80 characters, tabs (activeTab query → cookie for 1 day → default), update/delete
 * buttons by permission and root-org rules, a 404 message.
 */
export function DetailPage<O extends Record<string, unknown> = Record<string, unknown>>(
  props: DetailPageProps<O>,
) {
  const kit = useKit();
  const { http, t, pt } = kit;
  const { id = '' } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const basePath = props.basePath ?? location.pathname.replace(/\/+$/, '').replace(/\/[^/]+$/, '');
  const paths = crudPaths(basePath);
  const objectUrl = detailUrl(urlPath(props.url), id);
  const [meta, setMeta] = useState<FieldsMeta | null>(null);
  const [tick, setTick] = useState(0);
  const loaded = useRemoteObject<O>(http, objectUrl, tick);
  const object = loaded.object;
  const failure = loaded.failure
    ? loaded.failure.notFound
      ? t('detail.notFound')
      : loaded.failure.message
    : null;
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirmRequest, setConfirmRequest] = useState<ConfirmRequest | null>(null);
  const { toast, show } = useToast();
  const notify = useCallback(
    (severity: Flash['severity'], text: string) => show({ severity, text: pt(text) }),
    [show, pt],
  );

  useEffect(() => {
    loadMetadata(http, props.url)
      .then((m) => setMeta(fieldsOf(m, 'GET')))
      .catch(() => setMeta({}));
  }, [http, props.url]);

  const reload = useCallback(() => setTick((n) => n + 1), []);
  if (failure) return <Message severity="error" text={failure} data-testid="detail-error" />;
  if (!object)
    return (
      <div className="flex justify-content-center p-5" data-testid="detail-loading">
        <ProgressSpinner style={{ width: '2.5rem', height: '2.5rem' }} />
      </div>
    );

  const context: DetailContext<O> = {
    object,
    reload,
    url: objectUrl,
    http,
    meta,
    notify,
    rootOrg: kit.rootOrg,
    can: kit.can,
  };
  const rights = detailRights({
    can: kit.can,
    perms: resourcePerms(props.url, props.permissions),
    rootOrg: kit.rootOrg,
  });
  const decide = (v: boolean | ((o: O) => boolean) | undefined): boolean =>
    typeof v === 'function' ? v(object) : v !== false;
  const canUpdate = rights.update && decide(props.hasUpdate);
  const canDelete = rights.delete && decide(props.hasDelete);
  const name = (props.getObjectName ?? (defaultName as (o: O) => string))(object);
  const title = cutTitle(props.title ? `${pt(props.title)}: ${name}` : name);

  const tabs: DetailTab<O>[] = props.tabs?.length
    ? [...props.tabs]
    : [
        {
          name: 'info',
          title: 'detail.basicInfo',
          render: (c) => (
            <InfoTab
              context={c}
              fields={props.fields}
              formatters={props.formatters}
              aside={props.aside?.(c)}
            />
          ),
        },
      ];
  const visible = tabs.filter(
    (tab) => !(typeof tab.hidden === 'function' ? tab.hidden(context) : tab.hidden),
  );
  const active =
    chosen && visible.some((tab) => tab.name === chosen)
      ? chosen
      : resolveActiveTab({
          tabs: visible.map((tab) => ({ name: tab.name })),
          query: search.get('activeTab'),
          cookie: readActiveTabCookie(document.cookie),
          defaultTab: props.defaultTab,
        });
  const activeIndex = Math.max(
    0,
    visible.findIndex((tab) => tab.name === active),
  );

  const remove = (): void => {
    setConfirmRequest({
      header: t('action.delete'),
      message: t('confirm.deleteOne', { name }),
      acceptLabel: t('action.confirm'),
      rejectLabel: t('action.cancel'),
      accept: async () => {
        try {
          await http.delete(objectUrl);
          navigate(paths.list, {
            state: { flash: { severity: 'success', text: t('message.deleteSuccess') } },
          });
        } catch (error) {
          const data = isHttpError(error) ? (error.data as { msg?: string } | undefined) : undefined;
          if (!data?.msg)
            notify('error', `${t('message.deleteError')} ${error instanceof Error ? error.message : ''}`);
        }
      },
    });
  };

  return (
    <div className="flex flex-column gap-3" data-testid={props.testId ?? 'crud-detail'}>
      {toast}
      {confirmRequest ? (
        <Suspense fallback={null}>
          <Confirm request={confirmRequest} onHide={() => setConfirmRequest(null)} />
        </Suspense>
      ) : null}
      <div className="flex align-items-center justify-content-between gap-2 flex-wrap">
        <div className="flex align-items-center gap-2">
          <Button
            type="button"
            icon="pi pi-arrow-left"
            text
            rounded
            aria-label={t('action.back')}
            onClick={() => navigate(-1)}
          />
          <h2 className="m-0 text-xl" data-testid="detail-title" title={name}>
            {title}
          </h2>
        </div>
        <div className="flex gap-2">
          {canUpdate ? (
            <Button
              type="button"
              size="small"
              icon="pi pi-pencil"
              label={t('action.update')}
              onClick={() => navigate(paths.update(id))}
              data-testid="detail-update"
            />
          ) : null}
          {canDelete ? (
            <Button
              type="button"
              size="small"
              icon="pi pi-trash"
              severity="danger"
              outlined
              label={t('action.delete')}
              onClick={remove}
              data-testid="detail-delete"
            />
          ) : null}
        </div>
      </div>
      <TabView
        activeIndex={activeIndex}
        onTabChange={(e) => {
          const tab = visible[e.index];
          if (!tab) return;
          // docs/shell.md#tab-pages: remember the tab for a day and clear the query value.
          rememberTab(tab.name);
          setChosen(tab.name);
          if (search.has('activeTab')) {
            const next = new URLSearchParams(search);
            next.delete('activeTab');
            setSearch(next, { replace: true });
          }
        }}
      >
        {visible.map((tab) => (
          <TabPanel
            key={tab.name}
            header={tab.name === 'info' && !props.tabs?.length ? t(tab.title) : pt(tab.title)}
          >
            {tab.name === active ? tab.render(context) : null}
          </TabPanel>
        ))}
      </TabView>
    </div>
  );
}

export default DetailPage;
