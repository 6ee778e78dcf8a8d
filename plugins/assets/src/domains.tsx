import { useSearchParams } from 'react-router-dom';
import {
  FormPage,
  Http,
  InfoTab,
  ListTable,
  crudRoutes,
  isHttpError,
  useService,
  useT,
  type DetailContext,
  type RouteContribution,
  type Row,
} from '@bastion/sdk';
import {
  ASSET_SELECT,
  DOMAINS_PATH,
  DOMAINS_URL,
  DOMAIN_SELECT,
  GATEWAYS_PATH,
  GATEWAYS_URL,
} from './common';

/** The gateways of one domain (its detail's Gateway tab): row "Test connection" asks for a port. */
function GatewayTab({ c }: { c: DetailContext }) {
  const http = useService(Http);
  const t = useT();
  const domain = String(c.object.id);
  return (
    <ListTable
      url={GATEWAYS_URL}
      name="domain-gateways"
      extraQuery={{ domain }}
      basePath={GATEWAYS_PATH}
      permissions={{ app: 'assets', resource: 'gateway' }}
      mirrorQuery={false}
      columns={['name', 'ip', 'port', 'protocol', 'username', 'is_connective', 'comment', 'actions']}
      search={{ exclude: ['domain'] }}
      createPath={`${GATEWAYS_PATH}/create?domain=${domain}`}
      updatePath={(row) => `${GATEWAYS_PATH}/${row.id}/update?domain=${domain}`}
      detailPath={null}
      rights={{ import: false, importUpdate: false }}
      rowActions={[
        {
          name: 'test',
          label: 'gateway.test',
          icon: 'pi pi-bolt',
          can: () => c.can('assets.test_gateway'),
          onClick: async ({ row, notify, reload }) => {
            const answer = window.prompt(t('gateway.portPrompt'), String((row as Row).port ?? 22));
            if (answer === null) return;
            try {
              await http.post(
                `${GATEWAYS_URL}${row.id}/test-connective/`,
                { port: Number(answer) },
                { silent: true },
              );
              notify('success', t('gateway.testOk'));
            } catch (error) {
              // The server names the per-host failure (authentication, time-out, unreachable…) in our language.
              const body = isHttpError(error)
                ? (error.data as { error?: string; port?: string[] } | null)
                : null;
              notify('error', body?.error ?? body?.port?.[0] ?? t('gateway.testFailed'));
            }
            reload();
          },
        },
      ]}
      testId="domain-gateways"
    />
  );
}

/** Domains: network zones; the detail lists the zone's gateways. */
export const domainRoutes = crudRoutes({
  path: DOMAINS_PATH,
  url: DOMAINS_URL,
  titles: 'domain',
  permissions: { app: 'assets', resource: 'domain' },
  list: {
    testId: 'domains-list',
    columns: [
      'name',
      'asset_count',
      'application_count',
      'gateway_count',
      'date_created',
      'comment',
      'org_name',
      'actions',
    ],
    columnsShow: {
      default: ['name', 'asset_count', 'application_count', 'gateway_count', 'comment', 'actions'],
      min: ['name', 'actions'],
    },
    rights: { import: false, importUpdate: false },
  },
  form: {
    fields: [['domain.basic', ['name', 'assets', 'comment']]],
    fieldsMeta: { assets: { relation: ASSET_SELECT } },
  },
  detail: {
    title: 'domain.detail',
    tabs: [
      {
        name: 'info',
        title: 'domain.tab.info',
        render: (c) => (
          <InfoTab
            context={c}
            fields={['id', 'name', 'asset_count', 'gateway_count', 'date_created', 'created_by', 'comment']}
          />
        ),
      },
      {
        name: 'gateways',
        title: 'domain.tab.gateways',
        hidden: (c) => !c.can('assets.view_gateway'),
        render: (c) => <GatewayTab c={c} />,
      },
    ],
  },
});

function GatewayForm() {
  const [search] = useSearchParams();
  const domain = search.get('domain') ?? '';
  return (
    <FormPage
      url={GATEWAYS_URL}
      basePath={GATEWAYS_PATH}
      fields={[
        ['gateway.basic', ['name', 'ip', 'port', 'protocol', 'domain']],
        ['gateway.auth', ['username', 'password', 'private_key', 'passphrase']],
        ['gateway.other', ['is_active', 'comment']],
      ]}
      fieldsMeta={{
        domain: { relation: DOMAIN_SELECT, readOnly: domain !== '' },
        password: { widget: 'password' },
        passphrase: { widget: 'password' },
        private_key: { widget: 'textarea' },
      }}
      initial={domain ? { domain, port: 22, protocol: 'ssh' } : { port: 22, protocol: 'ssh' }}
      // A read-only field is not sent: the domain of the tab the form was opened from is added here.
      transform={(v) => (domain ? { ...v, domain } : v)}
      saveAndAdd={false}
      afterSave={(o) => `${DOMAINS_PATH}/${String(o.domain ?? domain)}?activeTab=gateways`}
      testId="gateway-form"
    />
  );
}

/** Gateway create and update: reached from a domain's Gateway tab, back there after saving. */
export const gatewayRoutes: RouteContribution[] = [
  {
    view: 'console',
    path: `${GATEWAYS_PATH}/create`,
    title: 'gateway.create',
    hidden: true,
    noCache: true,
    permissions: ['assets.add_gateway'],
    component: GatewayForm,
  },
  {
    view: 'console',
    path: `${GATEWAYS_PATH}/:id/update`,
    title: 'gateway.update',
    hidden: true,
    noCache: true,
    permissions: ['assets.change_gateway'],
    component: GatewayForm,
  },
];
