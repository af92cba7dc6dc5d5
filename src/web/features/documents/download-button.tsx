import { Download, Loader2, type LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from '../../components/ui/button';
import { ApiError, errorMessage } from '../../lib/api';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useFileDownload, type FileRequest } from './api';

/**
 * A button that downloads a file of these screens (a document, a signed copy, a batch's zip, a
 * template). A refusal is a toast with the server's message; the button is busy meanwhile.
 */
export function DownloadButton({
  request,
  children,
  icon: Icon = Download,
  variant = 'outline',
  size = 'sm',
  className,
  'aria-label': label,
  title,
}: {
  request: FileRequest;
  children?: ReactNode;
  icon?: LucideIcon;
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
  className?: string;
  'aria-label'?: string;
  title?: string;
}) {
  const download = useFileDownload();
  return (
    <Button
      variant={variant}
      size={size}
      className={className}
      aria-label={label}
      title={title}
      disabled={download.isPending}
      aria-busy={download.isPending || undefined}
      onClick={() =>
        download.mutate(request, {
          onError: (error) => {
            // 401 is handled globally (redirect to sign-in with its own toast).
            if (!(error instanceof ApiError && error.status === 401))
              toast.error(errorMessage(error, t('documents.download.failed')));
          },
        })
      }
    >
      {download.isPending ? (
        <Loader2 className="animate-spin" aria-hidden="true" />
      ) : (
        <Icon aria-hidden="true" />
      )}
      {children}
    </Button>
  );
}
