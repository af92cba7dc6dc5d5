import { queryOptions } from '@tanstack/react-query';
import { fullAuthClient } from './auth-client-full';
import { authErrorMessage, type AuthClientError } from './error-messages';

/** A failed better-auth call, keeping the code so the page can pick the right state. */
export class AuthRequestError extends Error {
  override readonly name = 'AuthRequestError';
  readonly code: string | undefined;
  readonly status: number | undefined;

  constructor(error: AuthClientError) {
    super(authErrorMessage(error));
    this.code = error.code;
    this.status = error.status;
  }
}

/**
 * An invitation addressed to the signed-in user. Better-auth answers INVITATION_NOT_FOUND for
 * unknown, expired, cancelled and already answered invitations alike, and
 * YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION when it was sent to another address.
 */
export function invitationQueryOptions(invitationId: string) {
  return queryOptions({
    queryKey: ['auth', 'invitation', invitationId] as const,
    queryFn: async () => {
      const { data, error } = await fullAuthClient.organization.getInvitation({
        query: { id: invitationId },
      });
      if (error) throw new AuthRequestError(error);
      return data;
    },
    // Answers such as "not for you" do not change by asking again.
    retry: false,
  });
}
