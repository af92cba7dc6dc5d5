import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { cn } from '../../lib/utils';
import { Input } from './input';
import { Label } from './label';

/** Pause after the last keystroke before the URL (and any request) follows the text. */
const SEARCH_DEBOUNCE_MS = 300;

/**
 * A labelled search box whose value lives in the URL: it shows what the URL says (also after the
 * back button or "Clear filters") and reports the trimmed text after a pause in typing.
 */
export function SearchInput({
  id,
  label,
  placeholder,
  value,
  onChange,
  className,
}: {
  id: string;
  label: string;
  placeholder?: string;
  /** The committed search (from the URL). */
  value: string | undefined;
  /** The new search, or undefined when cleared. */
  onChange: (value: string | undefined) => void;
  className?: string;
}) {
  const [text, setText] = useState(value ?? '');
  const [lastValue, setLastValue] = useState(value);
  if (value !== lastValue) {
    // The URL changed (our own update, back button, "Clear filters"): show what it says.
    setLastValue(value);
    if ((value ?? '') !== text.trim()) setText(value ?? '');
  }
  const timer = useRef<number | undefined>(undefined);
  const typed = useRef(value ?? '');
  useEffect(() => () => window.clearTimeout(timer.current), []);
  useEffect(() => {
    // Changed elsewhere ("Clear filters") while a pause was pending: the URL wins.
    if ((value ?? '') === typed.current.trim()) return;
    window.clearTimeout(timer.current);
    typed.current = value ?? '';
  }, [value]);

  function onInput(next: string) {
    typed.current = next;
    setText(next);
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onChange(next.trim() || undefined), SEARCH_DEBOUNCE_MS);
  }

  return (
    <div className={cn('grid gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      <div className="relative">
        <Search
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden="true"
        />
        <Input
          id={id}
          type="search"
          placeholder={placeholder}
          className="pl-9"
          value={text}
          onChange={(e) => onInput(e.target.value)}
          autoComplete="off"
        />
      </div>
    </div>
  );
}
