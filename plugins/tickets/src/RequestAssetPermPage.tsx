import { useEffect, useMemo, useRef, useState } from 'react';
import {
  FormPage,
  Http,
  HttpError,
  RelationSelect,
  isHttpError,
  useOrg,
  useProfile,
  useService,
  useT,
  type CustomFieldProps,
  type FieldOverride,
  type RelationConfig,
} from '@bastion/sdk';
import { DEFAULT_ACTIONS } from './applyMeta';
import { assetLabel, nodeLabel } from './optionLabels';
import {
  APPLY_ASSET_META_URL,
  APPLY_ASSET_OPEN_URL,
  ASSETS_URL,
  MY_LIST_PATH,
  NODES_URL,
  REQUEST_ASSET_PATH,
} from './paths';

const DAY_MS = 24 * 60 * 60 * 1000;
const META_FIELDS = [
  'apply_nodes',
  'apply_assets',
  'apply_actions',
  'apply_date_start',
  'apply_date_expired',
] as const;

/**
 * Where the options of the chosen organization come from: its list endpoint (`?oid=`, mini fields, search as
 * the user types); a user who may not list them there (an ordinary member) gets the `suggestions/` endpoint
 * when the server has one. null while it is being found out.
 */
function useOptionsUrl(url: string, org: string): string | null {
  const http = useService(Http);
  const [found, setFound] = useState<{ org: string; url: string } | null>(null);
  useEffect(() => {
    if (!org) return;
    let alive = true;
    const use = (u: string) => alive && setFound({ org, url: u });
    http
      .get(url, { params: { oid: org, limit: 1, offset: 0, fields_size: 'mini' }, silent: true })
      .then(() => use(url))
      .catch((error: unknown) => {
        if (!isHttpError(error) || error.status !== 403) return use(url);
        return http
          .get(`${url}suggestions/`, { params: { oid: org }, silent: true })
          .then(() => use(`${url}suggestions/`))
          .catch(() => use(url));
      });
    return () => {
      alive = false;
    };
  }, [http, url, org]);
  return found && found.org === org ? found.url : null;
}

/** Nodes or assets of the organization chosen in the form; emptied when the organization changes. */
function OrgObjectsField({
  kind,
  value,
  onChange,
  values,
  disabled,
  invalid,
  id,
}: CustomFieldProps & { kind: 'nodes' | 'assets' }) {
  const t = useT();
  const org = String(values.org_id ?? '');
  const base = kind === 'nodes' ? NODES_URL : ASSETS_URL;
  const url = useOptionsUrl(base, org);
  const ids = Array.isArray(value) ? (value as string[]) : [];
  const seen = useRef(org);
  useEffect(() => {
    if (seen.current === org) return;
    seen.current = org;
    if (ids.length) onChange([]);
    // Only a new organization clears the choice.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [org]);
  const config = useMemo<RelationConfig | null>(
    () =>
      url
        ? {
            url,
            multiple: true,
            label: kind === 'nodes' ? nodeLabel : assetLabel,
            params: {
              oid: org,
              fields_size: kind === 'nodes' ? 'small' : 'mini',
              ...(kind === 'assets' ? { order: 'hostname' } : {}),
            },
          }
        : null,
    [url, kind, org],
  );
  const testId = `field-apply_${kind}`;
  if (!config)
    return (
      <RelationSelect
        config={{ url: base, multiple: true }}
        value={[]}
        onChange={() => undefined}
        id={id}
        disabled
        placeholder={t(org ? 'request.loading' : 'request.pickOrg')}
        testId={testId}
      />
    );
  // Suggestions list what was granted; anything else is found by its exact name (docs/security.md).
  const picksOnly = url?.endsWith('suggestions/') === true;
  return (
    <div className="flex flex-column gap-1">
      <RelationSelect
        key={`${org}:${url}`}
        config={config}
        value={ids}
        onChange={(v) => onChange(Array.isArray(v) ? v : [])}
        id={id}
        disabled={disabled}
        invalid={invalid}
        placeholder={t(kind === 'nodes' ? 'request.pickNodes' : 'request.pickAssets')}
        testId={testId}
      />
      {picksOnly && (
        <small className="text-color-secondary" data-testid={`${testId}-hint`}>
          {t(kind === 'nodes' ? 'request.exactNodes' : 'request.exactAssets')}
        </small>
      )}
    </div>
  );
}

function NodesField(props: CustomFieldProps) {
  return <OrgObjectsField {...props} kind="nodes" />;
}

function AssetsField(props: CustomFieldProps) {
  return <OrgObjectsField {...props} kind="assets" />;
}

/** `{meta: {apply_assets: […]}}` → `{apply_assets: […]}`: nested errors land on their own fields. */
export function flattenMetaErrors(data: unknown): unknown {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return data;
  const { meta, ...rest } = data as Record<string, unknown>;
  if (meta && typeof meta === 'object' && !Array.isArray(meta)) return { ...rest, ...meta };
  return meta === undefined ? rest : { ...rest, meta };
}

/**
 * Request asset permission (docs/tickets.md#in-the-console, docs/tickets.md#opening): opens an apply_asset
 * ticket.
 */
export default function RequestAssetPermPage() {
  const http = useService(Http);
  const profile = useProfile();
  const current = useOrg();
  const orgs = useMemo(
    () => (profile?.workbench_orgs ?? []).filter((o) => !o.is_root && !o.disabled),
    [profile],
  );
  const [opened] = useState(() => Date.now());
  const defaultOrg = orgs.find((o) => o.id === current?.id)?.id ?? orgs[0]?.id ?? null;

  // Labels, types, required marks and choices come from the form's metadata (OPTIONS `?action=open`, `meta`
  // lifted to the top level): only what the metadata cannot say is given here.
  const fieldsMeta: Record<string, FieldOverride> = {
    org_id: {
      label: 'field.org',
      widget: 'select',
      required: true,
      choices: orgs.map((o) => ({ value: o.id, label: o.name })),
    },
    comment: { widget: 'textarea', required: false },
    apply_nodes: { component: NodesField },
    apply_assets: { component: AssetsField },
    apply_actions: { widget: 'multiselect' },
    apply_date_expired: {
      validate: (value, values) => {
        const start = Date.parse(String(values.apply_date_start ?? ''));
        const end = Date.parse(String(value ?? ''));
        return Number.isFinite(start) && Number.isFinite(end) && end <= start
          ? 'request.expiredAfterStart'
          : null;
      },
    },
  };

  return (
    <FormPage
      url={APPLY_ASSET_META_URL}
      basePath={REQUEST_ASSET_PATH}
      testId="request-asset-form"
      saveAndAdd={false}
      liftNested={['meta']}
      fields={[
        ['request.basic', ['title', 'org_id', 'comment']],
        ['request.apply', [...META_FIELDS]],
      ]}
      fieldsMeta={fieldsMeta}
      initial={{
        org_id: defaultOrg,
        apply_nodes: [],
        apply_assets: [],
        apply_actions: [...DEFAULT_ACTIONS],
        apply_date_start: new Date(opened).toISOString(),
        apply_date_expired: new Date(opened + 7 * DAY_MS).toISOString(),
      }}
      transform={(values) => {
        const meta: Record<string, unknown> = {};
        for (const name of META_FIELDS) meta[name] = values[name];
        return {
          title: values.title,
          type: 'apply_asset',
          org_id: values.org_id,
          comment: values.comment ?? '',
          meta,
        };
      }}
      submit={async (body) => {
        try {
          const ticket = await http.post<Record<string, unknown>>(APPLY_ASSET_OPEN_URL, body);
          // The kit's "created" message names the object by `name`: a ticket's name is its title.
          return { ...ticket, name: ticket?.title ?? '' };
        } catch (error) {
          if (isHttpError(error) && error.status === 400) {
            throw new HttpError({
              kind: error.kind,
              message: error.message,
              url: error.url,
              method: error.method,
              status: error.status,
              data: flattenMetaErrors(error.data),
              i18nKey: error.i18nKey,
              silent: true,
            });
          }
          throw error;
        }
      }}
      afterSave={() => MY_LIST_PATH}
    />
  );
}
