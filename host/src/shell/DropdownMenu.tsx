import { useEffect, useRef, useState, type ReactNode } from 'react';

export interface DropdownEntry {
  key: string;
  label: ReactNode;
  icon?: string;
  testId?: string;
  disabled?: boolean;
  /** A section heading (not clickable). */
  heading?: boolean;
  selected?: boolean;
  onSelect?: () => void;
}

/**
 * A small accessible dropdown: a button and a list of entries, closed by Escape, a click outside or a
 * choice. The shell's navbar menus use it (view switcher, organizations, help, account).
 */
export function DropdownMenu({
  trigger,
  entries,
  testId,
  label,
  align = 'left',
  className = '',
}: {
  trigger: ReactNode;
  entries: readonly DropdownEntry[];
  testId: string;
  label: string;
  align?: 'left' | 'right';
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const onDown = (event: MouseEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => event.key === 'Escape' && setOpen(false);
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div ref={root} className={`relative ${className}`}>
      <button
        type="button"
        className="bastion-nav-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={label}
        title={label}
        data-testid={testId}
        onClick={() => setOpen((v) => !v)}
      >
        {trigger}
      </button>
      {open ? (
        <ul
          role="menu"
          className="bastion-dropdown list-none m-0 p-1 surface-overlay border-1 surface-border border-round shadow-2"
          style={{ [align]: 0 }}
          data-testid={`${testId}-menu`}
        >
          {entries.map((entry) =>
            entry.heading ? (
              <li key={entry.key} role="presentation" className="px-3 pt-2 pb-1 text-sm text-color-secondary">
                {entry.label}
              </li>
            ) : (
              <li key={entry.key} role="none">
                <button
                  type="button"
                  role="menuitem"
                  disabled={entry.disabled}
                  aria-current={entry.selected ? 'true' : undefined}
                  data-testid={entry.testId}
                  className={`bastion-dropdown-item ${entry.selected ? 'text-primary font-medium' : ''}`}
                  onClick={() => {
                    setOpen(false);
                    entry.onSelect?.();
                  }}
                >
                  {entry.icon ? <i className={entry.icon} aria-hidden="true" /> : null}
                  <span>{entry.label}</span>
                </button>
              </li>
            ),
          )}
        </ul>
      ) : null}
    </div>
  );
}
