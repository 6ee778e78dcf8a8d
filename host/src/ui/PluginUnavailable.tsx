import { useT } from '@bastion/sdk';
import type { PluginFailure } from '../plugins/pluginFailure';

export interface PluginUnavailableProps {
  pluginId: string;
  /** The plugin's display title (manifest title), or its id. */
  title: string;
  reason: PluginFailure;
}

/** A plugin the shell was shown without: still loading, in its own place. */
export function PluginStillLoading({ pluginId, title }: { pluginId: string; title: string }) {
  const t = useT('host');
  return (
    <div
      role="status"
      data-testid={`plugin-loading-${pluginId}`}
      className="flex align-items-center gap-2 p-4 text-color-secondary"
    >
      <i className="pi pi-spin pi-spinner" aria-hidden="true" />
      <span>{t('plugin.loading', { title })}</span>
    </div>
  );
}

/** "plugin unavailable: <reason>" in the plugin's own place; the rest of the console keeps working. */
export function PluginUnavailable({ pluginId, title, reason }: PluginUnavailableProps) {
  const t = useT('host');
  if (reason.kind === 'loading') return <PluginStillLoading pluginId={pluginId} title={title} />;
  const reasonText = t(`plugin.reason.${reason.kind}`, { defaultValue: reason.kind });
  return (
    <div
      role="alert"
      data-testid={`plugin-unavailable-${pluginId}`}
      data-reason={reason.kind}
      className="p-4 border-round border-1 surface-border surface-card"
    >
      <div className="flex align-items-center gap-2 text-lg font-medium text-orange-600">
        <i className="pi pi-exclamation-triangle" aria-hidden="true" />
        <span>{t('plugin.unavailable', { reason: reasonText })}</span>
      </div>
      <p className="mt-2 mb-0 text-color-secondary">{t('plugin.unavailableHint', { title })}</p>
      {reason.detail ? (
        <details className="mt-2 text-sm text-color-secondary">
          <summary>{t('plugin.details')}</summary>
          <code className="block mt-1 white-space-normal">{reason.detail}</code>
        </details>
      ) : null}
    </div>
  );
}
