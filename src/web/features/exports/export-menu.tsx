import { Download, Loader2 } from 'lucide-react';
import type { BusinessResource } from '../../../contracts/access-control';
import type { ExportFormat } from '../../../contracts/exports';
import { Button } from '../../components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu';
import { ApiError, errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useCan } from '../me/api';
import { useExportDownload, type ExportRequest } from './api';

/** What is exported, for the menu button's name ("Export the cap table"). */
export type ExportSubject = 'capTable' | 'register' | 'grants' | 'schedule';

function subjectName(subject: ExportSubject): string {
  switch (subject) {
    case 'capTable':
      return t('exports.menu.what.capTable');
    case 'register':
      return t('exports.menu.what.register');
    case 'grants':
      return t('exports.menu.what.grants');
    case 'schedule':
      return t('exports.menu.what.schedule');
  }
}

/**
 * The Export menu of a table (issue 13): an Excel workbook or a CSV file of it, in the language
 * the app is shown in. Shown only to a role that may export `resource`; a failure is a toast.
 */
export function ExportMenu({
  subject,
  resource,
  request,
}: {
  subject: ExportSubject;
  resource: BusinessResource;
  request: ExportRequest;
}) {
  const canExport = useCan(resource, 'export');
  const download = useExportDownload(request);
  if (!canExport) return null;
  const start = (format: ExportFormat) =>
    download.mutate(format, {
      onError: (error) => {
        if (!(error instanceof ApiError && error.status === 401))
          toast.error(errorMessage(error, t('exports.menu.failed')));
      },
    });
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button
          variant="outline"
          disabled={download.isPending}
          aria-busy={download.isPending || undefined}
          aria-label={t('exports.menu.label', { what: subjectName(subject) })}
        >
          {download.isPending ? (
            <Loader2 className="animate-spin" aria-hidden="true" />
          ) : (
            <Download aria-hidden="true" />
          )}
          {t('exports.menu.button')}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem onSelect={() => start('xlsx')}>{t('exports.menu.xlsx')}</DropdownMenuItem>
        <DropdownMenuItem onSelect={() => start('csv')}>{t('exports.menu.csv')}</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
