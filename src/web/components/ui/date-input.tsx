import { useState, type ComponentProps } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { formatDateForInput, parseLocaleDate } from '../../../contracts/i18n/parse';
import { activeLanguage, t } from '../../lib/i18n';
import { Input } from './input';

type DateInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  /** The date as the API has it: `YYYY-MM-DD`, or "" / null for none. */
  value: string | null | undefined;
  /**
   * The typed date as `YYYY-MM-DD` when it reads as one in the app's language; otherwise the
   * text as typed (so the form's schema refuses it with its own message); "" when empty.
   */
  onValueChange: (value: string) => void;
};

/**
 * A date field in the app's language, not the browser's (issue 12): Dutch shows and reads
 * `01-03-2026` and `1 maart 2026`, English `01/03/2026` and `1 March 2026`; ISO always works.
 * A plain text input, so it behaves the same in every browser and with every keyboard.
 */
export function DateInput({ value, onValueChange, onBlur, ...props }: DateInputProps) {
  const language = activeLanguage();
  const shown = (iso: string | null | undefined) =>
    iso && parseLocaleDate(language, iso) === iso ? formatDateForInput(language, iso) : (iso ?? '');
  const [text, setText] = useState(() => shown(value));
  const [lastValue, setLastValue] = useState(value);
  // A value set from outside (a reset, a suggestion) replaces what is shown, unless the text
  // already means that date. Adjusted while rendering, as React recommends over an effect.
  if (value !== lastValue) {
    setLastValue(value);
    const typed = text.trim() === '' ? '' : (parseLocaleDate(language, text) ?? text);
    if (typed !== (value ?? '')) setText(shown(value));
  }
  return (
    <Input
      {...props}
      type="text"
      inputMode="text"
      autoComplete="off"
      placeholder={props.placeholder ?? t('common.date.placeholder')}
      value={text}
      onChange={(event) => {
        const next = event.target.value;
        setText(next);
        onValueChange(next.trim() === '' ? '' : (parseLocaleDate(language, next) ?? next));
      }}
      onBlur={(event) => {
        // Show what was understood: "1 mrt 2026" becomes "01-03-2026".
        const iso = parseLocaleDate(language, text);
        if (iso) setText(formatDateForInput(language, iso));
        onBlur?.(event);
      }}
    />
  );
}

/**
 * `DateInput` bound to a react-hook-form field: `<FormDateInput {...c} control={control}
 * name="grantDate" />` in place of `<Input {...c} type="date" {...register('grantDate')} />`.
 * An empty field is "" (as a native date input's); the schema decides whether that is allowed.
 */
export function FormDateInput<T extends FieldValues, C, O extends FieldValues>({
  control,
  name,
  ...props
}: Omit<DateInputProps, 'value' | 'onValueChange' | 'name'> & {
  control: Control<T, C, O>;
  name: FieldPath<T>;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field }) => (
        <DateInput
          {...props}
          ref={field.ref}
          name={field.name}
          value={field.value as string | null | undefined}
          onValueChange={field.onChange}
          onBlur={field.onBlur}
          disabled={props.disabled ?? field.disabled}
        />
      )}
    />
  );
}
