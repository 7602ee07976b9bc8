/**
 * "More actions": the secondary actions of a dashboard card behind one small button (decision
 * 0052), so a card on a phone shows one main action and stays short. A disclosure, not an ARIA
 * menu: a real `<button>` with `aria-expanded` and `aria-controls`, and a list of ordinary
 * buttons, links and toggles that Tab reaches in order (WAI-ARIA APG, Disclosure pattern). It
 * closes on Escape (focus back on the button), on a click outside, when focus leaves it and
 * after one of its buttons or links is used. With `inlineFrom`, from that breakpoint on the
 * button is hidden and the actions stand in a row in its place (a desktop table's Action column).
 */
import {
  Children,
  useEffect,
  useId,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useMediaQuery } from '#web/lib/use-media-query';

export interface ActionMenuProps {
  /** The button's accessible name, e.g. `More actions for Honda Civic` (its text is an icon). */
  label: string;
  /** The actions: each child is one list item (falsy children are left out). */
  children: ReactNode;
  /** From this Tailwind breakpoint on (64rem), the actions show inline and the button hides. */
  inlineFrom?: 'lg';
  /** Extra classes for the wrapper (its place in the card's row). */
  className?: string;
}

/** The `lg` breakpoint of Tailwind (64rem), the dashboard sidebar's. */
const lgQuery = '(min-width: 64rem)';

export function ActionMenu({ label, children, inlineFrom, className = '' }: ActionMenuProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const wide = useMediaQuery(lgQuery);
  const inline = inlineFrom === 'lg' && wide;
  const items = Children.toArray(children).filter(Boolean);

  useEffect(() => {
    if (!open) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    return () => document.removeEventListener('pointerdown', handlePointerDown);
  }, [open]);

  if (items.length === 0) return null;

  if (inline) {
    return (
      <ul className={`flex flex-wrap items-center gap-2 ${className}`}>
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    );
  }

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && open) {
      event.stopPropagation();
      setOpen(false);
      button.current?.focus();
    }
  };
  const handleBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (event.relatedTarget && !event.currentTarget.contains(event.relatedTarget)) {
      setOpen(false);
    }
  };
  // A used button or link closes the list; a toggle (a checkbox in a label) keeps it open.
  const handleClick = (event: MouseEvent<HTMLUListElement>) => {
    const target = event.target as HTMLElement;
    if (target.closest('button, a')) setOpen(false);
  };

  return (
    <div
      ref={wrapper}
      className={`relative ${className}`}
      onKeyDown={handleKeyDown}
      onBlur={handleBlur}
    >
      <button
        ref={button}
        type="button"
        className="btn btn-square btn-ghost btn-sm border-base-300"
        aria-label={label}
        title="More actions"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" fill="currentColor">
          <circle cx="5" cy="12" r="2" />
          <circle cx="12" cy="12" r="2" />
          <circle cx="19" cy="12" r="2" />
        </svg>
      </button>
      <ul
        id={listId}
        hidden={!open}
        onClick={handleClick}
        className="absolute right-0 z-30 mt-1 flex w-max max-w-[calc(100vw-2rem)] min-w-48 flex-col items-stretch gap-1 rounded-box border border-base-300 bg-base-100 p-2 shadow-lg [&>li>*]:w-full [&>li>*]:justify-start"
      >
        {items.map((item, index) => (
          <li key={index}>{item}</li>
        ))}
      </ul>
    </div>
  );
}
