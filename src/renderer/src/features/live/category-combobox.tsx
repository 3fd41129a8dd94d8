import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import type { Category } from '../../../../shared/ipc/contract';
import { LiveStatus } from '../../components/live-status';
import { store, useSidestage } from '../../store';
import { selectAction } from '../../store/selectors';
import './category-combobox.css';

interface CategoryComboboxProps {
  inputId: string;
  text: string;
  onText(text: string): void;
  onChoose(category: Category): void;
  /** Why the text cannot be saved (shown by the form), for aria-invalid and aria-describedby. */
  errorId?: string;
  invalid?: boolean;
}

/** Search waits for a pause in typing, so that fast typing does not send a request per key. */
const searchDelayMs = 200;

/**
 * The category type-ahead, as the ARIA combobox pattern (editable, list autocomplete): results
 * from the platform's category search, ↓/↑ move through them, Enter chooses, Escape closes.
 */
export function CategoryCombobox({ inputId, text, onText, onChoose, errorId, invalid }: CategoryComboboxProps) {
  const results = useSidestage((state) => state.categoryResults);
  const searching = useSidestage((state) => selectAction('channel.search')(state).pending);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const query = text.trim();

  useEffect(() => {
    if (!open || query.length < 2) return;
    const timer = setTimeout(() => void store.getState().searchCategories(query), searchDelayMs);
    return () => clearTimeout(timer);
  }, [open, query]);

  const shown = open && query.length >= 2 ? results : [];
  const expanded = shown.length > 0;
  const choose = (category: Category) => {
    onChoose(category);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        setOpen(true);
        setActive((i) => (shown.length ? Math.min(i + 1, shown.length - 1) : -1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        setActive((i) => Math.max(i - 1, 0));
        break;
      case 'Enter':
        // Enter on a highlighted result chooses it; otherwise it submits the form as usual.
        if (expanded && active >= 0 && shown[active]) {
          event.preventDefault();
          choose(shown[active]);
        }
        break;
      case 'Escape':
        if (expanded) {
          event.preventDefault();
          setOpen(false);
          setActive(-1);
        }
        break;
    }
  };

  return (
    <div className="category-combobox">
      <input
        id={inputId}
        type="text"
        role="combobox"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={errorId}
        autoComplete="off"
        spellCheck={false}
        value={text}
        onChange={(event) => {
          onText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setOpen(false)}
      />
      <ul id={listId} role="listbox" aria-label="Categories" className="category-options" hidden={!expanded}>
        {shown.map((category, index) => (
          <li
            key={category.id}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            className={index === active ? 'is-active' : undefined}
            // Keeps the focus in the field, so that the click is not lost to its blur.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(category)}
          >
            {category.name}
          </li>
        ))}
      </ul>
      <LiveStatus className="visually-hidden">
        {open && query.length >= 2 && !searching ? (shown.length ? `${shown.length} categories found; use the arrow keys to choose.` : 'No category matches.') : ''}
      </LiveStatus>
      {open && query.length >= 2 && !searching && !expanded ? <p className="category-options muted small">No category matches “{query}”.</p> : null}
    </div>
  );
}
