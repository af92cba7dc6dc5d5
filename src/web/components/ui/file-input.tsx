import { useCallback, useId, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { t } from '../../lib/i18n';
import { cn } from '../../lib/utils';
import { buttonVariants } from './button';

export type FileInputProps = Omit<
  ComponentProps<'input'>,
  'type' | 'value' | 'defaultValue' | 'children' | 'size'
> & {
  /** The files chosen (empty when the choice was cleared), after `onChange`. */
  onFilesChange?: (files: File[]) => void;
  /** The button's content (text, icon); "Choose file" by default. */
  children?: ReactNode;
  /**
   * Show the chosen file's name, or "No file chosen", beside the button (and in the input's
   * description). Off where the choice shows itself otherwise (a logo's preview).
   */
  showFileName?: boolean;
  /** The button's size, as `Button`'s. */
  size?: 'default' | 'sm';
};

/** What the status line says: the chosen files' names, or "No file chosen". */
export function chosenFilesText(names: readonly string[]): string {
  return names.length > 0 ? names.join(', ') : t('common.fileInput.none');
}

/**
 * A file picker in the app's language, not the browser's: a native `<input type="file">` says
 * "Choose File / No file chosen" in the browser's own language, whatever the app's is. The real
 * input stays in the page, visually hidden but focusable, so it is the one tab stop (Enter or
 * Space opens the picker; the button look shows its focus), labels point at it (`FormField`
 * passes id, aria-invalid and aria-describedby), Playwright's `setInputFiles` finds it, and
 * `ref` (react-hook-form's `register`) reaches it. The look is a button (for the mouse; hidden
 * from screen readers, which have the input) and the chosen file's name, which also becomes
 * part of the input's description.
 *
 * The name shown follows the input's `change` events: to clear a choice, remount the input
 * (change its `key`) rather than setting its `value` to "".
 */
export function FileInput({
  id,
  ref,
  className,
  children,
  showFileName = true,
  size = 'default',
  disabled,
  onChange,
  onFilesChange,
  'aria-describedby': describedBy,
  ...props
}: FileInputProps) {
  const ownId = useId();
  const inputId = id ?? `${ownId}-input`;
  const statusId = `${ownId}-status`;
  const input = useRef<HTMLInputElement | null>(null);
  const [names, setNames] = useState<string[]>([]);
  // The input for the button's click, and for the caller's `ref` (a callback or an object).
  const setRef = useCallback(
    (node: HTMLInputElement | null) => {
      input.current = node;
      if (typeof ref === 'function') {
        // React 19 callback refs may return their own cleanup; otherwise they get null.
        const cleanup = ref(node);
        return () => {
          input.current = null;
          if (typeof cleanup === 'function') cleanup();
          else ref(null);
        };
      }
      if (ref) ref.current = node;
      return () => {
        input.current = null;
        if (ref) ref.current = null;
      };
    },
    [ref],
  );
  const description =
    [describedBy, showFileName ? statusId : undefined].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1', className)}>
      <input
        {...props}
        ref={setRef}
        id={inputId}
        type="file"
        disabled={disabled}
        aria-describedby={description}
        className="peer sr-only"
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          setNames(files.map((file) => file.name));
          onChange?.(event);
          onFilesChange?.(files);
        }}
      />
      {/* The mouse's way in; keyboards and screen readers use the input itself. */}
      <span
        aria-hidden="true"
        onClick={() => {
          if (!disabled) input.current?.click();
        }}
        className={cn(
          buttonVariants({ variant: 'outline', size }),
          'cursor-pointer select-none',
          'peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring',
          'peer-aria-invalid:border-destructive',
          'peer-disabled:cursor-not-allowed peer-disabled:opacity-60',
        )}
      >
        {children ?? t('common.fileInput.choose')}
      </span>
      {showFileName ? (
        <span
          id={statusId}
          className={cn(
            'min-w-0 max-w-full truncate text-sm',
            names.length > 0 ? 'text-foreground' : 'text-muted-foreground',
          )}
          title={names.length > 0 ? names.join(', ') : undefined}
        >
          {chosenFilesText(names)}
        </span>
      ) : null}
    </div>
  );
}
