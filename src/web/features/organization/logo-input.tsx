import { ImageUp, X } from 'lucide-react';
import { useState } from 'react';
import { Avatar } from '../../components/ui/avatar';
import { Button } from '../../components/ui/button';
import { FileInput } from '../../components/ui/file-input';
import { t } from '../../lib/i18n';
import { LOGO_MAX_SIZE_PX } from './schemas';

/** Draws an image file onto a canvas no larger than `max` px a side and returns a PNG data URL. */
export async function toSmallPngDataUrl(file: File, max = LOGO_MAX_SIZE_PX): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, max / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot resize images.');
  context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/png');
}

/** Logo picker: any image in, a PNG data URL of at most 128 px a side out (or null). */
export function LogoInput({
  id,
  name,
  value,
  onChange,
  disabled,
  describedBy,
}: {
  id: string;
  name: string;
  value: string | null;
  onChange: (value: string | null) => void;
  disabled?: boolean;
  describedBy?: string | undefined;
}) {
  const [error, setError] = useState<string | null>(null);
  const errorId = `${id}-unreadable`;
  return (
    <div className="grid gap-2">
      <div className="flex flex-wrap items-center gap-3">
        <Avatar name={name || '?'} image={value} size={48} className="rounded-md" />
        <FileInput
          id={id}
          accept="image/png,image/jpeg,image/webp,image/gif"
          size="sm"
          showFileName={false}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={
            [describedBy, error ? errorId : undefined].filter(Boolean).join(' ') || undefined
          }
          onChange={async (event) => {
            const file = event.target.files?.[0];
            // Cleared, so that choosing the same image again (after "Remove") reads it again.
            event.target.value = '';
            if (!file) return;
            setError(null);
            try {
              onChange(await toSmallPngDataUrl(file));
            } catch {
              setError(t('workspace.logo.unreadable'));
            }
          }}
        >
          <ImageUp aria-hidden="true" />
          {value ? t('workspace.logo.change') : t('workspace.logo.upload')}
        </FileInput>
        {value ? (
          <Button variant="ghost" size="sm" disabled={disabled} onClick={() => onChange(null)}>
            <X aria-hidden="true" />
            {t('workspace.logo.remove')}
          </Button>
        ) : null}
      </div>
      {error ? (
        <p id={errorId} className="text-xs font-medium text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
