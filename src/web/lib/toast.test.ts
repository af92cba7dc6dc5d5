import type { ToastT, ToastToDismiss } from 'sonner';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

const isToast = (t: ToastT | ToastToDismiss): t is ToastT => !('dismiss' in t && t.dismiss);

/**
 * sonner's real `toast`, watched: what it holds is what the toaster shows. sonner is loaded once
 * per file (vitest does not reload node_modules), so each test looks only at its own toasts.
 */
async function watchSonner() {
  const { toast: sonner } = await import('sonner');
  // Closes the previous tests' toasts, whose ids a fresh facade may give again.
  sonner.dismiss();
  const history = () => sonner.getHistory().filter(isToast);
  const before = new Set(history());
  const shown = () =>
    history()
      .filter((t) => !before.has(t))
      .map((t) => ({ id: t.id, type: t.type, title: t.title, description: t.description }));
  const actionOf = (id: string | number) => history().find((t) => t.id === id)?.action;
  return { sonner, shown, actionOf };
}

// The facade keeps state (its queue): each test imports a fresh copy.
async function load() {
  vi.resetModules();
  return { ...(await import('./toast')), ...(await watchSonner()) };
}

describe('toast before the toaster is loaded', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // sonner defers dismissals to the next frame.
    vi.stubGlobal('requestAnimationFrame', (callback: () => void) => setTimeout(callback, 16));
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => clearTimeout(handle));
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('keeps the toasts, in order, until the toaster has mounted and its live region settled', async () => {
    const { toast, connectToaster, sonner, shown, actionOf, LIVE_REGION_SETTLE_MS } = await load();
    const undo = { label: 'Undo', onClick: () => undefined };

    const created = toast.success('Company created');
    const failed = toast.error('Saving failed', { description: 'Try again', id: 'save' });
    const moved = toast.info('Moved to the trash', { action: undo });
    toast('Plain');
    toast.warning('Careful');

    expect(created).toMatch(/^toast-\d+$/);
    expect(failed).toBe('save');
    expect(shown()).toEqual([]);

    connectToaster(sonner);
    vi.advanceTimersByTime(LIVE_REGION_SETTLE_MS - 1);
    expect(shown()).toEqual([]);
    vi.advanceTimersByTime(1);

    expect(shown()).toEqual([
      {
        id: created,
        type: 'success',
        title: 'Company created',
        description: undefined,
      },
      {
        id: 'save',
        type: 'error',
        title: 'Saving failed',
        description: 'Try again',
      },
      {
        id: moved,
        type: 'info',
        title: 'Moved to the trash',
        description: undefined,
      },
      {
        id: expect.any(String),
        type: undefined,
        title: 'Plain',
        description: undefined,
      },
      {
        id: expect.any(String),
        type: 'warning',
        title: 'Careful',
        description: undefined,
      },
    ]);
    expect(actionOf(moved)).toBe(undo);
  });

  it('passes toasts straight on once the queue has gone out', async () => {
    const { toast, connectToaster, sonner, shown, LIVE_REGION_SETTLE_MS } = await load();
    connectToaster(sonner);
    vi.advanceTimersByTime(LIVE_REGION_SETTLE_MS);

    const id = toast.success('Saved');
    expect(shown()).toEqual([{ id, type: 'success', title: 'Saved', description: undefined }]);
    // The same id updates the toast (sonner's own rule), so callers can replace one.
    toast.error('Saved, but not sent', { id });
    expect(shown()).toEqual([
      {
        id,
        type: 'error',
        title: 'Saved, but not sent',
        description: undefined,
      },
    ]);
  });

  it('asks for the toaster when a toast waits, also a listener that subscribes later', async () => {
    const { toast, onToastWaiting, connectToaster, sonner, LIVE_REGION_SETTLE_MS } = await load();
    const early = vi.fn();
    const stop = onToastWaiting(early);
    expect(early).not.toHaveBeenCalled();

    toast.error('Failed');
    expect(early).toHaveBeenCalledTimes(1);

    // A host mounted after the toast was asked for loads the toaster at once.
    const late = vi.fn();
    onToastWaiting(late);
    expect(late).toHaveBeenCalledTimes(1);

    stop();
    toast.error('Failed again');
    expect(early).toHaveBeenCalledTimes(1);
    expect(late).toHaveBeenCalledTimes(2);

    connectToaster(sonner);
    vi.advanceTimersByTime(LIVE_REGION_SETTLE_MS);
    toast.success('Direct');
    expect(late).toHaveBeenCalledTimes(2);
  });

  it('drops dismissed toasts that are still waiting', async () => {
    const { toast, connectToaster, sonner, shown, LIVE_REGION_SETTLE_MS } = await load();
    toast.error('Session ended', { id: 'session' });
    const kept = toast.success('Kept');
    toast.dismiss('session');
    connectToaster(sonner);
    vi.advanceTimersByTime(LIVE_REGION_SETTLE_MS);
    expect(shown().map((t) => t.id)).toEqual([kept]);

    toast.dismiss();
    vi.advanceTimersByTime(16);
    expect(sonner.getToasts()).toEqual([]);

    const {
      toast: fresh,
      shown: freshShown,
      sonner: freshSonner,
      connectToaster: connect,
    } = await load();
    fresh.success('One');
    fresh.error('Two');
    fresh.dismiss();
    connect(freshSonner);
    vi.advanceTimersByTime(LIVE_REGION_SETTLE_MS);
    expect(freshShown()).toEqual([]);
  });

  it('keeps waiting when the toaster unmounts before the live region settled, and after it unmounted', async () => {
    const { toast, connectToaster, sonner, shown, LIVE_REGION_SETTLE_MS } = await load();
    toast.success('First');
    // React's StrictMode mounts, unmounts and mounts again.
    const disconnect = connectToaster(sonner);
    disconnect();
    vi.advanceTimersByTime(LIVE_REGION_SETTLE_MS);
    expect(shown()).toEqual([]);

    const disconnectAgain = connectToaster(sonner);
    vi.advanceTimersByTime(LIVE_REGION_SETTLE_MS);
    expect(shown().map((t) => t.title)).toEqual(['First']);

    disconnectAgain();
    toast.success('Second');
    expect(shown().map((t) => t.title)).toEqual(['First']);
    connectToaster(sonner);
    vi.advanceTimersByTime(LIVE_REGION_SETTLE_MS);
    expect(shown().map((t) => t.title)).toEqual(['First', 'Second']);
  });

  it('follows a promise that settled while the toaster was loading', async () => {
    const { toast, connectToaster, sonner, shown, LIVE_REGION_SETTLE_MS } = await load();
    const id = toast.promise(Promise.resolve(3), {
      loading: 'Exporting…',
      success: (n: number) => `${n} files exported`,
    });
    expect(toast.promise(Promise.resolve(1))).toBeUndefined();
    connectToaster(sonner);
    vi.advanceTimersByTime(LIVE_REGION_SETTLE_MS);
    await vi.runAllTimersAsync();
    expect(shown()).toEqual([
      { id, type: 'success', title: '3 files exported', description: undefined },
    ]);
  });
});
