import { apiKey } from '@better-auth/api-key';
import { passkey } from '@better-auth/passkey';
import {
  admin,
  emailOTP,
  magicLink,
  multiSession,
  organization,
  phoneNumber,
  twoFactor,
  username,
} from 'better-auth/plugins';
import { APIError } from 'better-auth/api';
import { ac, roles } from '../../contracts/access-control';
import type { Mailer } from '../mail/mailer';
import { deleteAccountLinkErrors } from './delete-account-link';
import type { SmsSender } from '../mail/sms';
import { invitationLanguage, mailLanguage } from '../mail/language';
import {
  codeMail,
  codePurpose,
  invitationMail,
  magicLinkMail,
  phoneCodeText,
  signInCodeText,
} from '../mail/templates';
import { signInGate } from './sign-in-gate';

export interface PluginDeps {
  appUrl: string;
  mailer: Mailer;
  sms: SmsSender;
  /**
   * The saved language (`user.locale`) of the account with this e-mail address or phone number,
   * null when there is none: the callbacks that send to an address only get the address.
   */
  savedLanguage?: (who: { email: string } | { phoneNumber: string }) => Promise<string | null>;
  /**
   * Runs after better-auth created a workspace and made its creator a member: a new workspace's
   * first data (the standard vesting templates, decision 022).
   */
  onWorkspaceCreated?: (workspace: {
    organizationId: string;
    userId: string;
    userName: string;
    /** The creator's saved language (`user.locale`), null when none. */
    language: string | null;
  }) => Promise<void>;
}

/** Fields we add to better-auth's user (the schema generator needs them too). */
export const userAdditionalFields = {
  // Where the one-time second factor goes: 'email' (default) or 'sms' (verified phone).
  twoFactorChannel: { type: 'string', required: false, defaultValue: 'email', input: true },
  // The language the person reads the product and their e-mails in (issue 12): a catalog's tag,
  // checked by the gateway (checkLanguage); null until chosen.
  locale: { type: 'string', required: false, input: true },
} as const;

/** Used only by the schema generator, which never sends anything. */
const noDeps: PluginDeps = {
  appUrl: 'http://localhost:3000',
  mailer: { mode: 'outbox', send: async () => {}, close: async () => {} },
  sms: { mode: 'outbox', send: async () => {} },
};

/**
 * The better-auth plugins. Kept free of database imports: scripts/generate-auth-schema.ts
 * builds the Drizzle auth schema from them.
 */
export function authPlugins(deps: PluginDeps = noDeps) {
  const { mailer, sms } = deps;
  const savedLanguage = deps.savedLanguage ?? (async () => null);
  /** The language of a message to the account with this address (see mail/language.ts). */
  const languageFor = async (
    who: { email: string } | { phoneNumber: string },
    ctx?: { headers?: Headers | null } | null,
  ) => mailLanguage(await savedLanguage(who), ctx);
  const url = new URL(deps.appUrl);
  return [
    username({ minUsernameLength: 3, maxUsernameLength: 32 }),
    magicLink({
      expiresIn: 300,
      disableSignUp: true,
      sendMagicLink: async ({ email, url: link }, ctx) =>
        mailer.send(
          magicLinkMail({ to: email, url: link, language: await languageFor({ email }, ctx) }),
        ),
    }),
    emailOTP({
      otpLength: 6,
      expiresIn: 300,
      allowedAttempts: 3,
      disableSignUp: true,
      sendVerificationOTP: async ({ email, otp, type }, ctx) =>
        mailer.send(
          codeMail({
            to: email,
            code: otp,
            purpose: codePurpose(type),
            language: await languageFor({ email }, ctx),
          }),
        ),
    }),
    phoneNumber({
      sendOTP: async ({ phoneNumber: to, code }, ctx) => {
        if (sms.mode === 'off') {
          throw new APIError('SERVICE_UNAVAILABLE', {
            code: 'SMS_NOT_CONFIGURED',
            message: 'Text messages are not set up on this server',
          });
        }
        const language = await languageFor({ phoneNumber: to }, ctx);
        await sms.send({ to, text: phoneCodeText({ code, language }) });
      },
      // E.164: + and 8–15 digits.
      phoneNumberValidator: (value) => /^\+[1-9]\d{7,14}$/.test(value),
    }),
    twoFactor({
      issuer: 'ESOP CRM',
      otpOptions: {
        period: 5,
        // The second factor by e-mail, or by SMS when the user chose it and has a verified phone.
        sendOTP: async ({ user, otp }, ctx) => {
          const u = user as typeof user & {
            phoneNumber?: string | null;
            phoneNumberVerified?: boolean;
            twoFactorChannel?: string | null;
            locale?: string | null;
          };
          const language = mailLanguage(u.locale, ctx);
          if (
            sms.mode !== 'off' &&
            u.twoFactorChannel === 'sms' &&
            u.phoneNumber &&
            u.phoneNumberVerified
          ) {
            await sms.send({ to: u.phoneNumber, text: signInCodeText({ code: otp, language }) });
          } else {
            await mailer.send(
              codeMail({ to: user.email, code: otp, purpose: 'second-factor', language }),
            );
          }
        },
      },
      backupCodeOptions: { amount: 10, length: 10 },
    }),
    passkey({ rpID: url.hostname, rpName: 'ESOP CRM', origin: url.origin }),
    apiKey([
      // Personal keys (the default configuration) carry the workspace they act in as
      // metadata.organizationId; organization keys belong to the workspace itself.
      { configId: 'default', references: 'user', enableMetadata: true, defaultPrefix: 'esop_' },
      {
        configId: 'organization',
        references: 'organization',
        enableMetadata: true,
        defaultPrefix: 'esoporg_',
      },
    ]),
    signInGate(),
    deleteAccountLinkErrors(),
    multiSession({ maximumSessions: 5 }),
    admin({ defaultRole: 'user', adminRoles: ['admin'] }),
    organization({
      // Workspaces of a law firm, with our roles (contracts/access-control.ts), teams and custom
      // roles (dynamic access control).
      ac,
      roles,
      teams: { enabled: true },
      dynamicAccessControl: { enabled: true },
      organizationLimit: 20,
      membershipLimit: 500,
      invitationExpiresIn: 48 * 3600,
      organizationHooks: {
        afterCreateOrganization: async ({ organization: created, user }) => {
          await deps.onWorkspaceCreated?.({
            organizationId: created.id,
            userId: user.id,
            userName: user.name,
            language: typeof user.locale === 'string' ? user.locale : null,
          });
        },
      },
      sendInvitationEmail: async ({ email, inviter, organization: org, role, id }, request) =>
        mailer.send(
          invitationMail({
            to: email,
            inviterName: inviter.user.name,
            organizationName: org.name,
            role,
            url: `${deps.appUrl}/auth/accept-invitation?invitationId=${encodeURIComponent(id)}`,
            language: invitationLanguage(
              await savedLanguage({ email }),
              (inviter.user as { locale?: unknown }).locale,
              request,
            ),
          }),
        ),
    }),
  ];
}
