import { useEffect, useState, type ReactNode } from 'react';
import { Dialog } from 'primereact/dialog';
import { DetailCard, Http, useService, useT, type DetailItem } from '@bastion/sdk';
import { ActionTags, ProtocolTags } from './ActionTags';
import type { GrantedAsset } from './assetRules';
import { MY_ASSETS_URL } from './paths';

/** Fields of `GET /api/v1/perms/users/assets/{id}/`, in the order the dialog lists them. */
const FIELDS = [
  'hostname',
  'ip',
  'platform',
  'protocols',
  'actions',
  'is_active',
  'org_name',
  'comment',
  'id',
] as const;

type State = { status: 'loading' } | { status: 'ready'; asset: GrantedAsset } | { status: 'failed' };

/** One granted asset in a dialog (docs/resources.md#the-workbench: the hostname opens its details). */
export function AssetDetailDialog({ asset, onHide }: { asset: GrantedAsset; onHide: () => void }) {
  const t = useT();
  const http = useService(Http);
  const [state, setState] = useState<State>({ status: 'loading' });

  useEffect(() => {
    let live = true;
    http
      .get<GrantedAsset>(`${MY_ASSETS_URL}${encodeURIComponent(asset.id)}/`)
      .then((answer) => live && setState({ status: 'ready', asset: answer }))
      .catch(() => live && setState({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [http, asset.id]);

  const value = (shown: GrantedAsset, field: (typeof FIELDS)[number]): ReactNode => {
    switch (field) {
      case 'protocols':
        return <ProtocolTags value={shown.protocols} />;
      case 'actions':
        return <ActionTags asset={shown} />;
      case 'is_active':
        return shown.is_active === false ? t('asset.inactive') : t('asset.active');
      default: {
        const raw = shown[field];
        return raw === null || raw === undefined ? '' : String(raw);
      }
    }
  };

  let body: ReactNode;
  if (state.status === 'loading')
    body = (
      <div className="flex justify-content-center p-3">
        <i className="pi pi-spin pi-spinner text-2xl text-color-secondary" aria-label={t('common.loading')} />
      </div>
    );
  else if (state.status === 'failed')
    body = (
      <p className="m-0 text-color-secondary" role="status">
        {t('asset.detailFailed')}
      </p>
    );
  else {
    const items: DetailItem[] = FIELDS.map((field) => ({
      key: field,
      label: t(`asset.field.${field}`),
      value: value(state.asset, field),
    }));
    body = <DetailCard items={items} />;
  }

  return (
    <Dialog
      visible
      onHide={onHide}
      header={t('asset.detailTitle', { name: asset.hostname ?? asset.id })}
      style={{ width: 'min(40rem, 95vw)' }}
      data-testid="asset-detail-dialog"
    >
      {body}
    </Dialog>
  );
}
