import { useNavigate } from '@tanstack/react-router';
import { FileUp, Loader2 } from 'lucide-react';
import { useRef } from 'react';
import { Button } from '../../components/ui/button';
import { ApiError, errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useCan } from '../me/api';
import { keepImportReport, useImportOcf } from './api';

/**
 * "Import from Open Cap Format": a file picker for a `.ocf.zip`; the new company opens with the
 * import's report. A button (keyboard reachable) that clicks the hidden file input.
 */
export function OcfImportButton() {
  const canCreate = useCan('company', 'create');
  const input = useRef<HTMLInputElement>(null);
  const importOcf = useImportOcf();
  const navigate = useNavigate();
  if (!canCreate) return null;
  return (
    <>
      <input
        ref={input}
        type="file"
        accept=".zip,application/zip"
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid="ocf-import-file"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (!file) return;
          importOcf.mutate(file, {
            onSuccess: (result) => {
              keepImportReport(result);
              toast.success(t('ocf.import.done'));
              void navigate({
                to: '/companies/$companyId',
                params: { companyId: result.companyId },
              });
            },
            onError: (error) => {
              if (!(error instanceof ApiError && error.status === 401))
                toast.error(errorMessage(error, t('ocf.import.failed')));
            },
          });
        }}
      />
      <Button
        variant="outline"
        disabled={importOcf.isPending}
        aria-busy={importOcf.isPending || undefined}
        onClick={() => input.current?.click()}
      >
        {importOcf.isPending ? (
          <Loader2 className="animate-spin" aria-hidden="true" />
        ) : (
          <FileUp aria-hidden="true" />
        )}
        {t('ocf.import.button')}
      </Button>
    </>
  );
}
