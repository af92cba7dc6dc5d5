import { FileArchive, Loader2 } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { ApiError, errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useCan } from '../me/api';
import { useExportOcf } from './api';

/** "Export (OCF)": downloads the company as an Open Cap Format package. */
export function OcfExportButton({ companyId }: { companyId: string }) {
  const canExport = useCan('company', 'export');
  const exportOcf = useExportOcf(companyId);
  if (!canExport) return null;
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={exportOcf.isPending}
      aria-busy={exportOcf.isPending || undefined}
      onClick={() =>
        exportOcf.mutate(undefined, {
          onError: (error) => {
            if (!(error instanceof ApiError && error.status === 401))
              toast.error(errorMessage(error, t('ocf.export.failed')));
          },
        })
      }
    >
      {exportOcf.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <FileArchive aria-hidden="true" />
      )}
      {t('ocf.export.button')}
    </Button>
  );
}
