import { useRef, useState, type ReactNode } from 'react';
import { useOverflow } from '../../lib/use-overflow';
import { cn } from '../../lib/utils';
import { Tooltip, TooltipContent, TooltipTrigger } from './tooltip';

/**
 * Text cut off with "…" when it does not fit its width, with the whole of it in a tooltip on hover
 * and on keyboard focus. Only a text that is actually cut off becomes a tab stop (a table of
 * short names adds none); screen readers read the full text either way, as it is all in the DOM.
 * `children` may hold a link (with `interactive`): the link then takes the focus and opens the
 * tooltip, and the text itself is not made focusable.
 */
export function Truncate({
  text,
  children,
  interactive = false,
  className,
}: {
  /** The full value, shown in the tooltip. */
  text: string;
  /** What to render (defaults to `text`). */
  children?: ReactNode;
  /** `children` hold their own focusable element (a link). */
  interactive?: boolean;
  /** The width limit, e.g. `max-w-40`. */
  className?: string;
}) {
  const [ref, overflow] = useOverflow<HTMLSpanElement>(text);
  const [open, setOpen] = useState(false);
  const focused = useRef(false);
  const truncated = overflow.x;
  return (
    <Tooltip
      open={truncated && open}
      onOpenChange={(next) => {
        // Radix closes a tooltip when anything around its trigger scrolls, and moving the focus
        // to a cell scrolls it into view: a focused cell keeps its tooltip until it loses the
        // focus or Escape is pressed.
        if (!next && focused.current) return;
        setOpen(next);
      }}
    >
      <TooltipTrigger asChild>
        <span
          ref={ref}
          tabIndex={truncated && !interactive ? 0 : undefined}
          onFocus={() => {
            focused.current = true;
          }}
          onBlur={() => {
            focused.current = false;
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpen(false);
          }}
          data-truncated={truncated || undefined}
          className={cn(
            'block truncate rounded-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring',
            className,
          )}
        >
          {children ?? text}
        </span>
      </TooltipTrigger>
      <TooltipContent className="break-words">{text}</TooltipContent>
    </Tooltip>
  );
}
