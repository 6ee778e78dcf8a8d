import { Tag } from 'primereact/tag';
import { useT } from '@bastion/sdk';
import { stateSeverity, statusSeverity, type TagSeverity } from './ticketRules';

/** A coloured tag; `neutral` is grey. */
export function ColourTag({
  severity,
  value,
  ...rest
}: { severity: TagSeverity; value: string } & Record<`data-${string}`, string>) {
  return (
    <Tag
      severity={severity === 'neutral' ? null : severity}
      className={severity === 'neutral' ? 'bg-gray-500' : undefined}
      value={value}
      {...rest}
    />
  );
}

/** The ticket's outcome (open / approved / rejected / closed), coloured. */
export function StateTag({ state }: { state: unknown }) {
  const t = useT();
  const value = String(state ?? '');
  return (
    <ColourTag
      severity={stateSeverity(value)}
      value={t(`state.${value}`, { defaultValue: value })}
      data-testid="ticket-state"
      data-state={value}
    />
  );
}

/** Open or closed. */
export function StatusTag({ status }: { status: unknown }) {
  const t = useT();
  const value = String(status ?? '');
  return (
    <ColourTag
      severity={statusSeverity(value)}
      value={t(`status.${value}`, { defaultValue: value })}
      data-testid="ticket-status"
      data-status={value}
    />
  );
}
