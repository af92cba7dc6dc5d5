import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { t } from '../../lib/i18n';
import { toast } from '../../lib/toast';

/**
 * A better-auth call as a TanStack mutation: invalidates the given keys on success, shows the
 * success text, and reports failures as a toast (the text chosen by `authErrorMessage`, through
 * `AuthRequestError`). Use `mutateAsync` inside try/catch only when the caller must react too.
 */
export function useAuthMutation<TVariables, TData>({
  mutationFn,
  invalidate,
  successMessage,
}: {
  mutationFn: (variables: TVariables) => Promise<TData>;
  invalidate?: (variables: TVariables, data: TData) => QueryKey[];
  successMessage?: string | ((variables: TVariables, data: TData) => string);
}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (data, variables) => {
      if (successMessage) {
        toast.success(
          typeof successMessage === 'function' ? successMessage(variables, data) : successMessage,
        );
      }
      await Promise.all(
        (invalidate?.(variables, data) ?? []).map((queryKey) =>
          queryClient.invalidateQueries({ queryKey }),
        ),
      );
    },
    onError: (error) => {
      toast.error(
        error instanceof Error && error.message ? error.message : t('common.requestFailed'),
      );
    },
  });
}
