import { Tag } from 'primereact/tag';
import { useT } from '@bastion/sdk';
import { actionTags, protocolTexts, type GrantedAsset } from './assetRules';

/**
 * The granted actions of an asset as tags, in the user's language (docs/resources.md#asset-permissions
 * names).
 */
export function ActionTags({ asset }: { asset: Pick<GrantedAsset, 'actions'> }) {
  const t = useT();
  return (
    <span className="inline-flex flex-wrap gap-1" data-testid="granted-actions">
      {actionTags(asset).map((name) => (
        <Tag
          key={name}
          value={t(`actions.${name}`, { defaultValue: name })}
          severity={name === 'connect' || name === 'all' ? 'success' : 'info'}
          data-action={name}
        />
      ))}
    </span>
  );
}

export function ProtocolTags({ value }: { value: unknown }) {
  return (
    <span className="inline-flex flex-wrap gap-1">
      {protocolTexts(value).map((text) => (
        <Tag key={text} value={text} severity="secondary" />
      ))}
    </span>
  );
}
