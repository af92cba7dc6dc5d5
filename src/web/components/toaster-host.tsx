import { useEffect, useState, type ComponentType } from 'react';
import { onToastWaiting } from '../lib/toast';

const loadToaster = () => import('./toaster').then((module) => module.Toaster);

/**
 * Runs `callback` when the browser is next idle, at the latest after `timeoutMs`; where there is
 * no `requestIdleCallback` (Safari), shortly after the first render.
 */
function whenIdle(callback: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(callback, 200);
  return () => window.clearTimeout(handle);
}

/**
 * Mounts the toaster (sonner, a lazy chunk) once the first screen is up: when the browser is
 * first idle, or at once when a toast is asked for before that. Until it is mounted, `lib/toast`
 * keeps the toasts; a failed download is tried again on the next toast.
 */
export function ToasterHost() {
  const [Toaster, setToaster] = useState<ComponentType | null>(null);

  useEffect(() => {
    let active = true;
    let loading = false;
    const load = () => {
      if (loading) return;
      loading = true;
      loadToaster().then(
        (component) => {
          if (active) setToaster(() => component);
        },
        () => {
          loading = false;
        },
      );
    };
    const cancelIdle = whenIdle(load, 2000);
    const stopListening = onToastWaiting(load);
    return () => {
      active = false;
      cancelIdle();
      stopListening();
    };
  }, []);

  return Toaster ? <Toaster /> : null;
}
