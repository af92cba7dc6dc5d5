import { useId, type ReactNode } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { cn } from '../../lib/utils';

export type RadioOption<V extends string> = { value: V; label: string; description?: string };

/**
 * A group of native radio buttons in a fieldset: the legend names the group, each option's label
 * names its button and its hint describes it, arrow keys move between options and screen readers
 * announce "1 of 2". Each option is a card that is clickable as a whole.
 */
export function RadioGroupField<V extends string>({
  legend,
  description,
  error,
  options,
  registration,
  columns = 2,
  className,
}: {
  legend: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  options: readonly RadioOption<V>[];
  /** `register('field')`, spread on every option (react-hook-form groups radios by name). */
  registration: UseFormRegisterReturn;
  columns?: 1 | 2 | 3;
  className?: string;
}) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  return (
    <fieldset
      className={cn('grid content-start gap-1.5', className)}
      aria-describedby={[descriptionId, errorId].filter(Boolean).join(' ') || undefined}
    >
      <legend className="mb-1.5 text-sm leading-none font-medium">{legend}</legend>
      {description ? (
        <p id={descriptionId} className="-mt-0.5 text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      <div
        className={cn(
          'grid gap-2',
          columns === 2 && 'sm:grid-cols-2',
          columns === 3 && 'sm:grid-cols-3',
        )}
      >
        {options.map((option) => {
          const optionId = `${id}-${option.value}`;
          return (
            <label
              key={option.value}
              htmlFor={optionId}
              className={cn(
                'flex cursor-pointer items-start gap-2.5 rounded-md border bg-card p-2.5 transition-colors',
                'hover:bg-accent/50 has-[:checked]:border-primary has-[:checked]:bg-accent/40',
                'has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-1 has-[:focus-visible]:outline-ring',
                error && 'border-destructive',
              )}
            >
              <input
                id={optionId}
                type="radio"
                value={option.value}
                className="mt-0.5 size-4 shrink-0 accent-primary focus-visible:outline-none"
                aria-labelledby={`${optionId}-label`}
                aria-describedby={option.description ? `${optionId}-hint` : undefined}
                aria-invalid={error ? true : undefined}
                {...registration}
              />
              <span className="grid gap-0.5">
                <span id={`${optionId}-label`} className="text-sm font-medium">
                  {option.label}
                </span>
                {option.description ? (
                  <span id={`${optionId}-hint`} className="text-xs text-muted-foreground">
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
