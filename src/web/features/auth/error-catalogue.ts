import { msg } from '../../lib/i18n';

const NO_ACCOUNT = msg('auth.error.noAccount');
const RE_AUTHENTICATE = msg('auth.error.reAuthenticate');
const INVALID_CODE = msg('auth.error.invalidCode');
const CODE_EXPIRED = msg('auth.error.codeExpired');
const TOO_MANY_CODE_ATTEMPTS = msg('auth.error.tooManyCodeAttempts');
const INVITATION_GONE = msg('auth.error.invitationGone');
const PASSKEY_CANCELLED = msg('auth.error.passkeyCancelled');
const PASSKEY_SIGN_IN_FIRST = msg('auth.error.passkeySignInFirst');
const PASSKEY_UNAVAILABLE_HERE = msg('auth.error.passkeyUnavailableHere');
const PASSKEY_ALREADY_REGISTERED = msg('auth.error.passkeyAlreadyRegistered');
const API_KEY_INVALID = msg('auth.error.apiKeyInvalid');
const REFILL_REQUIRED = msg('auth.error.refillRequired');
const ALREADY_LINKED = msg('auth.error.alreadyLinked');
const BLOCKED = msg('auth.error.requestBlocked');
const OUTSIDE_ADDRESS = msg('auth.error.outsideAddress');
const SIGN_IN_FAILED = msg('auth.error.signInFailed');
const SOMETHING_WRONG = msg('auth.error.somethingWrong');
const NOTHING_TO_CHANGE = msg('auth.error.nothingToChange');
const CHOOSE_WORKSPACE = msg('auth.error.chooseWorkspace');
const TEAM_NOT_FOUND = msg('auth.error.teamNotFound');
/** For codes that only a programming mistake can cause: nothing the user can fix but retry. */
const NOT_COMPLETED = msg('auth.error.notCompleted');

/**
 * Our wording (catalog keys, `auth.error.*`) for every other error code of better-auth's core
 * and of the plugins we run (src/server/auth/plugins.ts); error-messages.ts holds the
 * sign-in/sign-up/session ones and loads this module after start-up. The codes come from
 * BASE_ERROR_CODES in @better-auth/core/dist/error/codes.mjs, better-auth/dist/plugins/{email-otp,
 * two-factor,username,phone-number,organization,admin,multi-session,captcha,haveibeenpwned},
 * @better-auth/passkey and @better-auth/api-key, plus the codes the browser's WebAuthn API
 * reports through the passkey client. error-messages.test.ts checks that none is missing, in
 * every language.
 */
export const authErrorCatalogue: Record<string, string> = {
  // Core: e-mail and password.
  INVALID_USER: NO_ACCOUNT,
  PASSWORD_COMPROMISED: msg('auth.error.passwordCompromised'),
  PASSWORD_ALREADY_SET: msg('auth.error.passwordAlreadySet'),
  USER_ALREADY_HAS_PASSWORD: msg('auth.error.userAlreadyHasPassword'),
  CREDENTIAL_ACCOUNT_NOT_FOUND: msg('auth.error.noPasswordYet'),
  EMAIL_MISMATCH: msg('auth.error.emailMismatch'),
  EMAIL_CAN_NOT_BE_UPDATED: msg('auth.error.emailCannotChange'),
  CHANGE_EMAIL_DISABLED: msg('auth.error.changeEmailDisabled'),
  VERIFICATION_EMAIL_NOT_ENABLED: msg('auth.error.verificationUnavailable'),
  ACCOUNT_NOT_FOUND: msg('auth.error.methodNotLinked'),
  SESSION_NOT_FRESH: RE_AUTHENTICATE,
  FAILED_TO_UNLINK_LAST_ACCOUNT: msg('auth.error.lastSignInMethod'),
  LINKED_ACCOUNT_ALREADY_EXISTS: ALREADY_LINKED,
  SOCIAL_ACCOUNT_ALREADY_LINKED: ALREADY_LINKED,
  FAILED_TO_UPDATE_USER: msg('auth.error.accountNotUpdated'),
  FAILED_TO_CREATE_VERIFICATION: NOT_COMPLETED,
  INVALID_SESSION_TOKEN: msg('auth.error.sessionTokenInvalid'),
  // Codes only a programming mistake or an unused feature (social sign-in) can cause.
  PROVIDER_NOT_FOUND: NOT_COMPLETED,
  ID_TOKEN_NOT_SUPPORTED: NOT_COMPLETED,
  FAILED_TO_GET_USER_INFO: NOT_COMPLETED,
  CALLBACK_URL_REQUIRED: NOT_COMPLETED,
  FIELD_NOT_ALLOWED: NOT_COMPLETED,
  ASYNC_VALIDATION_NOT_SUPPORTED: NOT_COMPLETED,
  VALIDATION_ERROR: msg('auth.error.validation'),
  MISSING_FIELD: msg('auth.error.missingField'),
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: NOT_COMPLETED,
  BODY_MUST_BE_AN_OBJECT: NOT_COMPLETED,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: msg('auth.error.signInBlocked'),
  INVALID_ORIGIN: BLOCKED,
  UNSUPPORTED_MEDIA_TYPE: NOT_COMPLETED,
  INVALID_JSON: NOT_COMPLETED,
  SMS_NOT_CONFIGURED: msg('auth.error.smsNotConfigured'),
  MISSING_OR_NULL_ORIGIN: BLOCKED,
  INVALID_CALLBACK_URL: OUTSIDE_ADDRESS,
  INVALID_REDIRECT_URL: OUTSIDE_ADDRESS,
  INVALID_ERROR_CALLBACK_URL: OUTSIDE_ADDRESS,
  INVALID_NEW_USER_CALLBACK_URL: OUTSIDE_ADDRESS,
  // Magic-link and e-mail code sign-in refuse unknown addresses (sign-up is disabled there).
  new_user_signup_disabled: NO_ACCOUNT,
  failed_to_create_user: msg('auth.error.accountNotCreated'),
  failed_to_create_session: SIGN_IN_FAILED,
  user_not_found: NO_ACCOUNT,
  // One-time codes (e-mail OTP, phone number).
  INVALID_OTP: INVALID_CODE,
  OTP_EXPIRED: CODE_EXPIRED,
  OTP_NOT_FOUND: CODE_EXPIRED,
  TOO_MANY_ATTEMPTS: TOO_MANY_CODE_ATTEMPTS,

  // Two-factor authentication.
  INVALID_CODE: INVALID_CODE,
  OTP_HAS_EXPIRED: CODE_EXPIRED,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: TOO_MANY_CODE_ATTEMPTS,
  ACCOUNT_TEMPORARILY_LOCKED: msg('auth.error.accountLocked'),
  INVALID_BACKUP_CODE: msg('auth.error.invalidBackupCode'),
  BACKUP_CODES_NOT_ENABLED: msg('auth.error.backupCodesNotEnabled'),
  TWO_FACTOR_NOT_ENABLED: msg('auth.error.twoFactorNotEnabled'),
  TOTP_NOT_ENABLED: msg('auth.error.totpNotEnabled'),
  TOTP_NOT_CONFIGURED: msg('auth.error.totpNotConfigured'),
  TOTP_ALREADY_ENABLED: msg('auth.error.totpAlreadyEnabled'),
  OTP_NOT_ENABLED: msg('auth.error.otpNotEnabled'),
  OTP_NOT_CONFIGURED: msg('auth.error.otpNotConfigured'),
  INVALID_TWO_FACTOR_COOKIE: msg('auth.error.signInAttemptExpired'),

  // Username.
  INVALID_USERNAME_OR_PASSWORD: msg('auth.error.invalidUsernameOrPassword'),
  USERNAME_IS_ALREADY_TAKEN: msg('auth.error.usernameTaken'),
  USERNAME_TOO_SHORT: msg('auth.error.usernameTooShort'),
  USERNAME_TOO_LONG: msg('auth.error.usernameTooLong'),
  INVALID_USERNAME: msg('auth.error.invalidUsername'),
  INVALID_DISPLAY_USERNAME: msg('auth.error.invalidDisplayUsername'),
  USERNAME_IS_IMMUTABLE: msg('auth.error.usernameImmutable'),
  UNEXPECTED_ERROR: SOMETHING_WRONG,
  UNKNOWN_ERROR: SOMETHING_WRONG,

  // Phone number.
  INVALID_PHONE_NUMBER: msg('auth.error.invalidPhoneNumber'),
  INVALID_PHONE_NUMBER_OR_PASSWORD: msg('auth.error.invalidPhoneNumberOrPassword'),
  PHONE_NUMBER_EXIST: msg('auth.error.phoneNumberTaken'),
  PHONE_NUMBER_NOT_EXIST: msg('auth.error.phoneNumberUnknown'),
  PHONE_NUMBER_NOT_VERIFIED: msg('auth.error.phoneNumberNotVerified'),
  PHONE_NUMBER_PENDING_VERIFICATION: msg('auth.error.phoneNumberPending'),
  PHONE_NUMBER_CANNOT_BE_UPDATED: msg('auth.error.phoneNumberCannotChange'),
  PHONE_NUMBER_CANNOT_BE_SET: msg('auth.error.phoneNumberConfirmFirst'),
  SEND_OTP_NOT_IMPLEMENTED: msg('auth.error.codesUnavailable'),

  // Passkeys (server) and the browser's WebAuthn errors (reported through the passkey client).
  PASSKEY_NOT_FOUND: msg('auth.error.passkeyNotFound'),
  AUTHENTICATION_FAILED: msg('auth.error.passkeyFailed'),
  CHALLENGE_NOT_FOUND: msg('auth.error.passkeyExpired'),
  UNABLE_TO_CREATE_SESSION: SIGN_IN_FAILED,
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: msg('auth.error.passkeyNotAllowed'),
  FAILED_TO_VERIFY_REGISTRATION: msg('auth.error.passkeyNotAdded'),
  FAILED_TO_UPDATE_PASSKEY: msg('auth.error.passkeyNotRenamed'),
  PREVIOUSLY_REGISTERED: PASSKEY_ALREADY_REGISTERED,
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: PASSKEY_ALREADY_REGISTERED,
  REGISTRATION_CANCELLED: msg('auth.error.passkeyRegistrationCancelled'),
  AUTH_CANCELLED: PASSKEY_CANCELLED,
  ERROR_CEREMONY_ABORTED: PASSKEY_CANCELLED,
  // NotAllowedError reaches us as this code (@simplewebauthn/browser passes it through).
  ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY: PASSKEY_CANCELLED,
  NotAllowedError: PASSKEY_CANCELLED,
  AbortError: PASSKEY_CANCELLED,
  ERROR_INVALID_DOMAIN: PASSKEY_UNAVAILABLE_HERE,
  ERROR_INVALID_RP_ID: PASSKEY_UNAVAILABLE_HERE,
  ERROR_AUTHENTICATOR_GENERAL_ERROR: msg('auth.error.passkeyDeviceError'),
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT: msg(
    'auth.error.passkeyDeviceCannotStore',
  ),
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT: msg(
    'auth.error.passkeyDeviceCannotVerify',
  ),
  SESSION_REQUIRED: PASSKEY_SIGN_IN_FIRST,
  RESOLVE_USER_REQUIRED: PASSKEY_SIGN_IN_FIRST,
  RESOLVED_USER_INVALID: PASSKEY_SIGN_IN_FIRST,

  // API keys.
  KEY_NOT_FOUND: msg('auth.error.apiKeyNotFound'),
  KEY_DISABLED: msg('auth.error.apiKeyDisabled'),
  KEY_EXPIRED: msg('auth.error.apiKeyExpired'),
  USAGE_EXCEEDED: msg('auth.error.apiKeyUsageExceeded'),
  RATE_LIMIT_EXCEEDED: msg('auth.error.apiKeyRateLimited'),
  INVALID_API_KEY: API_KEY_INVALID,
  KEY_NOT_RECOVERABLE: msg('auth.error.apiKeyNotRecoverable'),
  USER_BANNED: msg('auth.error.userBanned'),
  UNAUTHORIZED_SESSION: msg('common.session.ended'),
  EXPIRES_IN_IS_TOO_SMALL: msg('auth.error.expiryTooSoon'),
  EXPIRES_IN_IS_TOO_LARGE: msg('auth.error.expiryTooFar'),
  INVALID_NAME_LENGTH: msg('auth.error.apiKeyNameLength'),
  NAME_REQUIRED: msg('auth.error.apiKeyNameRequired'),
  INVALID_METADATA_TYPE: API_KEY_INVALID,
  METADATA_DISABLED: API_KEY_INVALID,
  KEY_DISABLED_EXPIRATION: msg('auth.error.apiKeyNoCustomExpiry'),
  INVALID_REMAINING: msg('auth.error.usageLimitOutOfRange'),
  INVALID_PREFIX_LENGTH: msg('auth.error.prefixLength'),
  NO_VALUES_TO_UPDATE: NOTHING_TO_CHANGE,
  FAILED_TO_UPDATE_API_KEY: msg('auth.error.apiKeyNotUpdated'),
  ORGANIZATION_ID_REQUIRED: msg('auth.error.apiKeyWorkspaceRequired'),
  USER_NOT_MEMBER_OF_ORGANIZATION: msg('auth.error.apiKeyNotMember'),
  REFILL_AMOUNT_AND_INTERVAL_REQUIRED: REFILL_REQUIRED,
  REFILL_INTERVAL_AND_AMOUNT_REQUIRED: REFILL_REQUIRED,
  INVALID_USER_ID_FROM_API_KEY: API_KEY_INVALID,
  INVALID_REFERENCE_ID_FROM_API_KEY: API_KEY_INVALID,
  INVALID_API_KEY_GETTER_RETURN_TYPE: API_KEY_INVALID,
  SERVER_ONLY_PROPERTY: NOT_COMPLETED,
  NO_DEFAULT_API_KEY_CONFIGURATION_FOUND: NOT_COMPLETED,
  ORGANIZATION_PLUGIN_REQUIRED: NOT_COMPLETED,
  INSUFFICIENT_API_KEY_PERMISSIONS: msg('auth.error.apiKeyPermissions'),

  // Organizations (workspaces), members, invitations, teams and roles.
  ORGANIZATION_NOT_FOUND: msg('auth.error.workspaceNotFound'),
  ORGANIZATION_ALREADY_EXISTS: msg('auth.error.workspaceExists'),
  ORGANIZATION_SLUG_ALREADY_TAKEN: msg('auth.error.workspaceSlugTaken'),
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS: msg('auth.error.workspaceLimit'),
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS: msg('auth.error.teamLimit'),
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: msg('auth.error.memberLimit'),
  INVITATION_LIMIT_REACHED: msg('auth.error.invitationLimit'),
  TEAM_MEMBER_LIMIT_REACHED: msg('auth.error.teamMemberLimit'),
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: msg('auth.error.personNotMember'),
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: msg('auth.error.youNotMember'),
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION: msg('auth.error.alreadyMember'),
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: msg('auth.error.alreadyInvited'),
  NO_ACTIVE_ORGANIZATION: CHOOSE_WORKSPACE,
  MEMBER_NOT_FOUND: msg('auth.error.memberNotFound'),
  ROLE_NOT_FOUND: msg('auth.error.roleNotFound'),
  INVITATION_NOT_FOUND: INVITATION_GONE,
  FAILED_TO_RETRIEVE_INVITATION: INVITATION_GONE,
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: msg('auth.error.invitationForOther'),
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION: msg('auth.error.inviterGone'),
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION: msg(
    'auth.error.verifyBeforeAnswering',
  ),
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION: msg('auth.error.verifyBeforeViewing'),
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER: msg('auth.error.onlyOwner'),
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: msg('auth.error.keepOwner'),
  TEAM_ALREADY_EXISTS: msg('auth.error.teamExists'),
  TEAM_NOT_FOUND: TEAM_NOT_FOUND,
  UNABLE_TO_REMOVE_LAST_TEAM: msg('auth.error.lastTeam'),
  USER_IS_NOT_A_MEMBER_OF_THE_TEAM: msg('auth.error.notTeamMember'),
  YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM: msg('auth.error.chooseTeam'),
  INVALID_TEAM_ID: TEAM_NOT_FOUND,
  TOO_MANY_ROLES: msg('auth.error.roleLimit'),
  INVALID_RESOURCE: msg('auth.error.unknownPermission'),
  ROLE_NAME_IS_ALREADY_TAKEN: msg('auth.error.roleExists'),
  CANNOT_DELETE_A_PRE_DEFINED_ROLE: msg('auth.error.builtInRole'),
  ROLE_IS_ASSIGNED_TO_MEMBERS: msg('auth.error.roleInUse'),
  YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE: CHOOSE_WORKSPACE,
  MISSING_AC_INSTANCE: msg('auth.error.customRolesUnavailable'),

  // Platform administration.
  BANNED_USER: msg('auth.error.bannedUser'),
  YOU_CANNOT_BAN_YOURSELF: msg('auth.error.cannotBanYourself'),
  YOU_CANNOT_REMOVE_YOURSELF: msg('auth.error.cannotRemoveYourself'),
  YOU_CANNOT_IMPERSONATE_ADMINS: msg('auth.error.cannotImpersonateAdmins'),
  NO_DATA_TO_UPDATE: NOTHING_TO_CHANGE,
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: msg('auth.error.useSetPassword'),
  USER_ID_CANNOT_BE_UPDATED: NOT_COMPLETED,
  INVALID_ROLE_TYPE: msg('auth.error.invalidRole'),
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: msg('auth.error.roleDoesNotExist'),

  // CAPTCHA.
  VERIFICATION_FAILED: msg('auth.error.captchaFailed'),
  MISSING_RESPONSE: msg('auth.error.captchaMissing'),
  SERVICE_UNAVAILABLE: msg('auth.error.captchaUnavailable'),
};
