import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { authClient } from '../auth/auth-client';
import { authErrorMessage, type AuthClientError } from '../auth/error-messages';
import { clearUserData, sessionQueryOptions } from '../auth/session';

/**
 * Shown across the app while a platform admin acts as another user (admin plugin
 * `impersonatedBy` on the session). Light on purpose: the header renders it in the initial
 * bundle, so it calls the endpoint through the small client's `$fetch`.
 */
export function ImpersonationBanner() {
  const { data: session } = useQuery(sessionQueryOptions());
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const router = useRouter();
  const [isPending, setIsPending] = useState(false);
  const impersonatedBy = (session?.session as { impersonatedBy?: string | null } | undefined)
    ?.impersonatedBy;
  if (!session || !impersonatedBy) return null;

  async function stop() {
    setIsPending(true);
    try {
      // An empty JSON body: better-call answers a POST without a content type with 415.
      const { error } = await authClient.$fetch<unknown>('/admin/stop-impersonating', {
        method: 'POST',
        body: {},
      });
      if (error) {
        toast.error(authErrorMessage(error as AuthClientError));
        return;
      }
      // Back to the admin's own session: nothing of the impersonated user may stay cached.
      clearUserData(queryClient);
      await queryClient.refetchQueries({ queryKey: sessionQueryOptions().queryKey });
      toast.success(t('admin.impersonation.stopped'));
      await navigate({ to: '/admin/users' });
      await router.invalidate();
    } catch {
      toast.error(t('common.requestFailed'));
    } finally {
      setIsPending(false);
    }
  }

  return (
    <div
      role="status"
      className="flex flex-wrap items-center justify-center gap-x-3 gap-y-1 bg-amber-500 px-4 py-1.5 text-center text-sm font-medium text-black"
    >
      {/* A long address breaks anywhere rather than widen a phone's page. */}
      <span className="min-w-0 [overflow-wrap:anywhere]">
        {t('admin.impersonation.banner', { name: session.user.name, email: session.user.email })}
      </span>
      <button
        type="button"
        onClick={() => void stop()}
        disabled={isPending}
        className="rounded-md border border-black/30 bg-white/70 px-2 py-0.5 text-xs font-semibold hover:bg-white disabled:opacity-60"
      >
        {t('admin.impersonation.stop')}
      </button>
    </div>
  );
}
