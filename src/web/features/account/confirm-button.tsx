import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../../components/ui/button';
import { ConfirmAction } from '../../components/ui/confirm-action';

/**
 * A button that asks before a destructive action. `onConfirm` runs the request; when it throws
 * (the caller has reported the error) the dialog stays open so the user can retry or cancel.
 */
export function ConfirmButton({
  children,
  title,
  description,
  confirmLabel,
  onConfirm,
  variant = 'outline',
  size,
  disabled,
  className,
  'aria-label': ariaLabel,
}: {
  children: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => Promise<void>;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  disabled?: boolean;
  className?: string;
  'aria-label'?: string;
}) {
  return (
    <ConfirmAction
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      onConfirm={onConfirm}
      trigger={
        <Button
          variant={variant}
          size={size}
          disabled={disabled}
          className={className}
          aria-label={ariaLabel}
        >
          {children}
        </Button>
      }
    />
  );
}
