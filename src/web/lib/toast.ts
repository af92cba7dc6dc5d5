import type { ExternalToast, toast as SonnerToast } from 'sonner';

/**
 * `toast` with sonner's API, without sonner in the initial bundle (decision 005, amendment of
 * issue 12): sonner and its `<Toaster>` (about 9 kB gzipped) load in their own chunk, mounted
 * when the browser is first idle after start-up (`ToasterHost`) or at once when a toast is asked
 * for before that. Calls made before the toaster is ready wait here, in order, and go out
 * {@link LIVE_REGION_SETTLE_MS} after it has mounted, so the live region that announces them
 * exists before the first of them appears. Afterwards calls go straight through.
 */

type Sonner = typeof SonnerToast;
type Message = Parameters<Sonner['success']>[0];
type PromiseData<T> = NonNullable<Parameters<typeof SonnerToast.promise<T>>[1]>;
export type ToastId = string | number;
export type ToastOptions = ExternalToast;

/**
 * How long the queue waits after the toaster mounted: a live region added to the page together
 * with its content is not announced reliably (react-aria's live announcer waits 100 ms for
 * Safari and VoiceOver for the same reason).
 */
export const LIVE_REGION_SETTLE_MS = 100;

let sonner: Sonner | null = null;
const queue: { id: ToastId | undefined; send: (target: Sonner) => void }[] = [];
const waitingListeners = new Set<() => void>();
let generatedIds = 0;

/** Every toast gets an id here, so that the caller has it whether or not sonner is loaded yet. */
function withId<T extends { id?: ToastId }>(data: T | undefined): T & { id: ToastId } {
  const id = data?.id ?? `toast-${++generatedIds}`;
  return { ...(data as T), id };
}

function send(id: ToastId | undefined, call: (target: Sonner) => void): void {
  if (sonner) {
    call(sonner);
    return;
  }
  queue.push({ id, send: call });
  for (const listener of waitingListeners) listener();
}

function show(kind: 'message' | 'success' | 'error' | 'info' | 'warning' | 'loading') {
  return (message: Message, data?: ToastOptions): ToastId => {
    const options = withId(data);
    send(options.id, (target) => target[kind](message, options));
    return options.id;
  };
}

/** Shows a toast (sonner's `toast`), now or as soon as the toaster is ready; returns its id. */
export const toast = Object.assign(
  (message: Message, data?: ToastOptions): ToastId => show('message')(message, data),
  {
    message: show('message'),
    success: show('success'),
    error: show('error'),
    info: show('info'),
    warning: show('warning'),
    loading: show('loading'),
    /** A toast that follows a promise (sonner's `toast.promise`); nothing without `data`. */
    promise<T>(promise: Promise<T> | (() => Promise<T>), data?: PromiseData<T>) {
      if (!data) return undefined;
      const options = withId(data);
      send(options.id, (target) => void target.promise(promise, options));
      return options.id;
    },
    /** Closes one toast, or every toast without an id; a waiting one is dropped from the queue. */
    dismiss(id?: ToastId): void {
      if (sonner) {
        sonner.dismiss(id);
        return;
      }
      for (let i = queue.length - 1; i >= 0; i--) {
        if (id === undefined || queue[i]!.id === id) queue.splice(i, 1);
      }
    },
  },
);

/** Calls `listener` whenever a toast starts waiting for the toaster (to load it at once). */
export function onToastWaiting(listener: () => void): () => void {
  waitingListeners.add(listener);
  if (queue.length > 0) listener();
  return () => {
    waitingListeners.delete(listener);
  };
}

/**
 * Called by the mounted `<Toaster>` with sonner's `toast`: after {@link LIVE_REGION_SETTLE_MS}
 * the waiting toasts go out in order and later ones go straight to sonner. Returns the
 * disconnection for the toaster's unmount, after which calls wait again.
 */
export function connectToaster(target: Sonner): () => void {
  const timer = setTimeout(() => {
    sonner = target;
    for (const waiting of queue.splice(0)) waiting.send(target);
  }, LIVE_REGION_SETTLE_MS);
  return () => {
    clearTimeout(timer);
    if (sonner === target) sonner = null;
  };
}
