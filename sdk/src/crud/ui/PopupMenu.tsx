import { useEffect, useRef } from 'react';
import type { MenuItem, MenuItemCommandEvent } from 'primereact/menuitem';

export interface PopupMenuProps {
  items: readonly MenuItem[];
  /** The element the menu opens under. */
  anchor: { target: HTMLElement };
  onClose: () => void;
}

/**
 * A small popup menu in the theme's p-menu classes, opened under its anchor and closed by a choice, an
 * outside click or Escape. Its own chunk: list pages fetch it on the first click only.
 */
export function PopupMenu({ items, anchor, onClose }: PopupMenuProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const outside = (e: MouseEvent): void => {
      const target = e.target as Node;
      if (!root.current?.contains(target) && !anchor.target.contains(target)) onClose();
    };
    const escape = (e: KeyboardEvent): void => {
      if (e.key === 'Escape') onClose();
    };
    document.addEventListener('mousedown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('mousedown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [anchor, onClose]);
  const rect = anchor.target.getBoundingClientRect();
  const left = Math.max(8, Math.min(rect.left, window.innerWidth - 232));
  return (
    <div
      ref={root}
      className="p-menu p-component p-menu-overlay shadow-2"
      role="menu"
      style={{ position: 'fixed', top: rect.bottom + 4, left, zIndex: 1100, minWidth: '12rem' }}
    >
      {/* The theme styles p-menu's items in PrimeReact 10's markup (li > .p-menuitem-content > a); the list's
          own reset is PrimeReact's component CSS, which a menu never mounted here does not inject. */}
      <ul className="p-menu-list p-reset" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items
          .filter((i) => i.visible !== false)
          .map((i) => (
            <li key={String(i.label)} className="p-menuitem" role="none">
              <div className="p-menuitem-content">
                <a
                  role="menuitem"
                  className={`p-menuitem-link flex align-items-center no-underline cursor-pointer${i.disabled ? ' p-disabled' : ''}`}
                  aria-disabled={i.disabled ? 'true' : 'false'}
                  data-testid={(i.data as { testid?: string } | undefined)?.testid}
                  onClick={(e) => {
                    if (i.disabled) return;
                    onClose();
                    i.command?.({ originalEvent: e, item: i } as MenuItemCommandEvent);
                  }}
                >
                  {i.icon ? <span className={`p-menuitem-icon ${i.icon}`} /> : null}
                  <span className="p-menuitem-text">{i.label}</span>
                </a>
              </div>
            </li>
          ))}
      </ul>
    </div>
  );
}

export default PopupMenu;
