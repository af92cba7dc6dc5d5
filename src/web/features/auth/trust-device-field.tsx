import { t } from '../../lib/i18n';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** "Trust this device": better-auth then skips the second factor here for 30 days. */
export function TrustDeviceField({ registration }: { registration: UseFormRegisterReturn }) {
  const id = useId();
  return (
    <div className="flex items-start gap-2 text-sm">
      <input id={id} type="checkbox" className="mt-0.5 size-4 accent-primary" {...registration} />
      <label htmlFor={id}>
        {t('auth.trustDevice.label')}
        <span className="block text-xs text-muted-foreground">{t('auth.trustDevice.hint')}</span>
      </label>
    </div>
  );
}
