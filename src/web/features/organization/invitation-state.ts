export type InvitationState = 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'expired';

/**
 * What to show for an invitation: better-auth's status ("canceled" spelled the British way), and
 * "expired" for a pending one past its `expiresAt` (the server never rewrites it). `now` is
 * passed in, so the function stays pure.
 */
export function invitationState(
  invitation: { status: string; expiresAt: Date | string },
  now: Date,
): InvitationState {
  switch (invitation.status) {
    case 'accepted':
      return 'accepted';
    case 'rejected':
      return 'rejected';
    case 'canceled':
    case 'cancelled':
      return 'cancelled';
    default:
      return new Date(invitation.expiresAt).getTime() < now.getTime() ? 'expired' : 'pending';
  }
}
