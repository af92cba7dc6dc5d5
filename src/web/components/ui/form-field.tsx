import { useId, type ReactNode } from 'react';
import { cn } from '../../lib/utils';
import { Label } from './label';

/** Props a form control needs so its label, hint and error are announced with it. */
export type FieldControlProps = {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
};

type FormFieldProps = {
  label: ReactNode;
  /** Inline error (react-hook-form's `errors.x?.message`); shown under the control. */
  error?: string | undefined;
  /** Hint shown under the label. */
  description?: ReactNode;
  className?: string;
  /** Renders the control with the id and ARIA attributes that tie it to label and messages. */
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * Label + control + hint + inline error. The label points at the control with htmlFor/id; the
 * control carries aria-invalid and aria-describedby naming the hint and the error, so screen
 * readers read the error when the field gets focus.
 */
export function FormField({ label, error, description, className, children }: FormFieldProps) {
  const id = useId();
  const descriptionId = description ? `${id}-description` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy,
      })}
      {description ? (
        <p id={descriptionId} className="text-xs text-muted-foreground">
          {description}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
