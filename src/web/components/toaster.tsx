import { useEffect, type CSSProperties } from 'react';
import { Toaster as SonnerToaster, toast } from 'sonner';
import { t, useLanguage } from '../lib/i18n';
import { useTheme } from '../lib/theme';
import { connectToaster } from '../lib/toast';

/**
 * sonner's toaster with the app's settings, in a chunk of its own: `ToasterHost` mounts it after
 * start-up, and `lib/toast` sends it the toasts asked for until then.
 */
export function Toaster() {
  // Runs after sonner's own effect (children first), so the toaster already listens.
  useEffect(() => connectToaster(toast), []);
  // The app's theme (light, dark or the system's), so toasts are not light on a dark page.
  const theme = useTheme();
  // The live region's and close buttons' names in the active language (sonner's are English).
  useLanguage();
  return (
    <SonnerToaster
      theme={theme}
      position="bottom-right"
      duration={4000}
      visibleToasts={3}
      gap={14}
      richColors
      closeButton
      containerAriaLabel={t('common.toast.region')}
      toastOptions={{ closeButtonAriaLabel: t('common.toast.close') }}
      // sonner's default is already 356px; stated here because the spec fixes it.
      style={{ '--width': '356px' } as CSSProperties}
    />
  );
}
