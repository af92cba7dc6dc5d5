import { DEFAULT_LANGUAGE, PSEUDO_LANGUAGE } from '../../contracts/i18n/languages';
import { isServerLanguage, requestLanguage } from '../i18n';

/**
 * The language of an e-mail or text message (issue 12, decision 018): the recipient's saved
 * language (`user.locale`) when they have one; else the language of the request that caused the
 * message (its `Accept-Language`: the page the person is looking at, e.g. a sign-up or a
 * password-reset form), else English. For an invitation to an address without an account the
 * caller passes the inviter's saved language as `saved` (see invitationLanguage).
 *
 * The pseudo language is never mailed: it exists to find untranslated text in the browser, and
 * the journeys read their mails in English.
 */
export function mailLanguage(
  saved: unknown,
  request?: { headers?: Headers | null } | null,
): string {
  if (isServerLanguage(saved)) return saved;
  const language = requestLanguage(request?.headers?.get('accept-language'));
  return language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language;
}

/**
 * An invitation's language: the invitee's own saved language when the address already has an
 * account; otherwise the language the inviter is working in (the inviting request's
 * `Accept-Language`, then the inviter's saved language), as the inviter writes to a colleague
 * they know, and the invitation page lets the invitee switch.
 */
export function invitationLanguage(
  invitee: unknown,
  inviter: unknown,
  request?: { headers?: Headers | null } | null,
): string {
  if (isServerLanguage(invitee)) return invitee;
  const language = requestLanguage(
    request?.headers?.get('accept-language'),
    isServerLanguage(inviter) ? inviter : null,
  );
  return language === PSEUDO_LANGUAGE ? DEFAULT_LANGUAGE : language;
}
