import { Lock } from 'lucide-react';
import { t } from '../../lib/i18n';

/** The lock shown by a restricted company's name, with its word for screen readers. */
export function RestrictedMark() {
  return (
    <span className="inline-flex items-center align-middle text-muted-foreground">
      <Lock className="size-4" aria-hidden="true" />
      <span className="sr-only">{t('companies.access.mark')}</span>
    </span>
  );
}
