// View pieces of the list kit (docs/crud.md#list-page): what ListTable is composed of, exported so a plugin that
// lays out its own list over useListController keeps the console's look — row action buttons with their "More"
// menu, menu buttons, toolbar icon buttons.
import { Suspense, lazy, useState } from 'react';
import { Button } from 'primereact/button';
import type { MenuItem } from 'primereact/menuitem';
import type { Row, RowAction, RowActionContext } from './types';

const PopupMenu = lazy(() => import('./PopupMenu'));

export interface MenuButtonProps {
  label: string;
  items: readonly MenuItem[];
  /** `outlined` for a toolbar, `text` (default) inside a row. */
  look?: 'outlined' | 'text';
  testId?: string;
}

/** A button that opens a menu under itself; the menu's module and instance come with the first click only. */
export function MenuButton({ label, items, look = 'text', testId }: MenuButtonProps) {
  const [anchor, setAnchor] = useState<{ target: HTMLElement } | null>(null);
  return (
    <>
      <Button
        type="button"
        size="small"
        text={look === 'text'}
        outlined={look === 'outlined'}
        severity="secondary"
        label={label}
        icon="pi pi-chevron-down"
        iconPos="right"
        onClick={(e) => setAnchor({ target: e.currentTarget })}
        data-testid={testId}
      />
      {anchor ? (
        <Suspense fallback={null}>
          <PopupMenu items={items} anchor={anchor} onClose={() => setAnchor(null)} />
        </Suspense>
      ) : null}
    </>
  );
}

export interface RowActionButtonsProps<R extends Row = Row> {
  /** The row's actions, labels already translated, in order; those whose `has(row)` is false are left out. */
  actions: readonly RowAction<R>[];
  context: RowActionContext<R>;
  /** The label of the "More" menu that holds every action after the first when there are more than two. */
  moreLabel: string;
  /** Names shown as plain text buttons even first (default: every action but `update` is a text button). */
  primary?: string;
}

/**
 * A row's action buttons on one line in every language: up to two as buttons, else the first and a "More"
 * menu with the rest, then the icon-only ones (docs/crud.md#list-page).
 */
export function RowActionButtons<R extends Row = Row>({
  actions,
  context,
  moreLabel,
  primary = 'update',
}: RowActionButtonsProps<R>) {
  const row = context.row;
  const present = actions.filter((a) => (a.has ? a.has(row) : true));
  if (!present.length) return null;
  const icons = present
    .filter((a) => a.iconOnly)
    .map((a) => (
      <Button
        key={a.name}
        type="button"
        size="small"
        text
        rounded
        severity={a.severity ?? 'warning'}
        icon={a.icon}
        aria-label={a.label}
        title={a.label}
        disabled={a.can ? !a.can(row) : false}
        onClick={() => void a.onClick(context)}
        data-testid={`row-${a.name}`}
      />
    ));
  const shown = present.filter((a) => !a.iconOnly);
  const button = (a: RowAction<R>) => (
    <Button
      key={a.name}
      type="button"
      size="small"
      text={a.name !== primary}
      severity={a.name === primary ? undefined : a.severity}
      label={a.label}
      disabled={a.can ? !a.can(row) : false}
      onClick={() => void a.onClick(context)}
      data-testid={`row-${a.name}`}
    />
  );
  if (shown.length <= 2)
    return (
      <span className="inline-flex flex-nowrap gap-1 align-items-center white-space-nowrap">
        {shown.map(button)}
        {icons}
      </span>
    );
  return (
    <span className="inline-flex flex-nowrap gap-1 align-items-center white-space-nowrap">
      {button(shown[0]!)}
      <MenuButton
        label={moreLabel}
        testId="row-more"
        items={shown.slice(1).map((a) => ({
          label: a.label,
          icon: a.icon,
          disabled: a.can ? !a.can(row) : false,
          command: () => void a.onClick(context),
          data: { testid: `row-${a.name}` },
        }))}
      />
      {icons}
    </span>
  );
}

export interface ListIconButtonProps {
  icon: string;
  label: string;
  onClick: () => void;
  testId?: string;
}

/** A round icon button of the list toolbar (refresh, column settings, import, export); `label` is its tooltip. */
export function ListIconButton({ icon, label, onClick, testId }: ListIconButtonProps) {
  return (
    <Button
      type="button"
      icon={icon}
      rounded
      text
      severity="secondary"
      aria-label={label}
      title={label}
      onClick={onClick}
      data-testid={testId}
    />
  );
}
