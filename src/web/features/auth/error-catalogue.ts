import { NO_ACCOUNT, RE_AUTHENTICATE } from './error-messages';

const INVALID_CODE = 'This code is not valid. Check it and try again.';
const CODE_EXPIRED = 'This code has expired. Request a new one.';
const TOO_MANY_CODE_ATTEMPTS = 'Too many wrong codes. Request a new code and try again.';
const INVITATION_GONE =
  'This invitation is no longer valid. It may have expired, been cancelled or been answered already.';
const PASSKEY_CANCELLED =
  'Passkey sign-in was cancelled or timed out. Try again, or sign in another way.';
const API_KEY_INVALID = 'This API key is not valid.';
/** For codes that only a programming mistake can cause: nothing the user can fix but retry. */
const NOT_COMPLETED = 'The request could not be completed. Please try again.';

/**
 * Our wording for every other error code of better-auth's core and of the plugins we run
 * (src/server/auth/plugins.ts); error-messages.ts holds the sign-in/sign-up/session ones and
 * loads this module after start-up. The codes come from BASE_ERROR_CODES in
 * @better-auth/core/dist/error/codes.mjs, better-auth/dist/plugins/{email-otp,two-factor,
 * username,phone-number,organization,admin,multi-session,captcha,haveibeenpwned},
 * @better-auth/passkey and @better-auth/api-key, plus the codes the browser's WebAuthn API
 * reports through the passkey client. error-messages.test.ts checks that none is missing.
 */
export const authErrorCatalogue: Record<string, string> = {
  // Core: e-mail and password.
  INVALID_USER: NO_ACCOUNT,
  PASSWORD_COMPROMISED: 'This password has appeared in a data breach. Choose a different password.',
  PASSWORD_ALREADY_SET: 'Your account already has a password.',
  USER_ALREADY_HAS_PASSWORD: 'Your account already has a password. Enter it to continue.',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'Your account has no password yet. Sign in another way.',
  EMAIL_MISMATCH: 'The e-mail address does not match this account.',
  EMAIL_CAN_NOT_BE_UPDATED: 'The e-mail address cannot be changed.',
  CHANGE_EMAIL_DISABLED: 'Changing the e-mail address is not possible.',
  VERIFICATION_EMAIL_NOT_ENABLED: 'E-mail verification is not available.',
  ACCOUNT_NOT_FOUND: 'This sign-in method is not linked to your account.',
  SESSION_NOT_FRESH: RE_AUTHENTICATE,
  FAILED_TO_UNLINK_LAST_ACCOUNT: 'You cannot remove your only way to sign in.',
  LINKED_ACCOUNT_ALREADY_EXISTS: 'This account is already linked.',
  SOCIAL_ACCOUNT_ALREADY_LINKED: 'This account is already linked.',
  FAILED_TO_UPDATE_USER: 'Your account could not be updated. Please try again.',
  FAILED_TO_CREATE_VERIFICATION: NOT_COMPLETED,
  INVALID_SESSION_TOKEN: 'This session has ended. Please sign in again.',
  // Codes only a programming mistake or an unused feature (social sign-in) can cause.
  PROVIDER_NOT_FOUND: NOT_COMPLETED,
  ID_TOKEN_NOT_SUPPORTED: NOT_COMPLETED,
  FAILED_TO_GET_USER_INFO: NOT_COMPLETED,
  CALLBACK_URL_REQUIRED: NOT_COMPLETED,
  FIELD_NOT_ALLOWED: NOT_COMPLETED,
  ASYNC_VALIDATION_NOT_SUPPORTED: NOT_COMPLETED,
  VALIDATION_ERROR: 'Some of the entered values are not valid. Check them and try again.',
  MISSING_FIELD: 'Fill in all required fields.',
  METHOD_NOT_ALLOWED_DEFER_SESSION_REQUIRED: NOT_COMPLETED,
  BODY_MUST_BE_AN_OBJECT: NOT_COMPLETED,
  CROSS_SITE_NAVIGATION_LOGIN_BLOCKED: 'This sign-in was blocked for your security. Try again.',
  INVALID_ORIGIN: 'This request was blocked for your security. Reload the page and try again.',
  UNSUPPORTED_MEDIA_TYPE: NOT_COMPLETED,
  INVALID_JSON: NOT_COMPLETED,
  SMS_NOT_CONFIGURED: 'Text messages are not set up on this server. Use e-mail instead.',
  MISSING_OR_NULL_ORIGIN:
    'This request was blocked for your security. Reload the page and try again.',
  INVALID_CALLBACK_URL: 'This request pointed to an address outside ESOP CRM.',
  INVALID_REDIRECT_URL: 'This request pointed to an address outside ESOP CRM.',
  INVALID_ERROR_CALLBACK_URL: 'This request pointed to an address outside ESOP CRM.',
  INVALID_NEW_USER_CALLBACK_URL: 'This request pointed to an address outside ESOP CRM.',
  // Magic-link and e-mail code sign-in refuse unknown addresses (sign-up is disabled there).
  new_user_signup_disabled: NO_ACCOUNT,
  failed_to_create_user: 'The account could not be created. Please try again.',
  failed_to_create_session: 'Signing in failed. Please try again.',
  user_not_found: NO_ACCOUNT,
  // Rate limits.
  // One-time codes (e-mail OTP, phone number).
  INVALID_OTP: INVALID_CODE,
  OTP_EXPIRED: CODE_EXPIRED,
  OTP_NOT_FOUND: CODE_EXPIRED,
  TOO_MANY_ATTEMPTS: TOO_MANY_CODE_ATTEMPTS,

  // Two-factor authentication.
  INVALID_CODE: INVALID_CODE,
  OTP_HAS_EXPIRED: CODE_EXPIRED,
  TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE: TOO_MANY_CODE_ATTEMPTS,
  ACCOUNT_TEMPORARILY_LOCKED:
    'Too many wrong codes. Your account is locked for a while. Please try again later.',
  INVALID_BACKUP_CODE: 'This backup code is not valid. Each backup code works only once.',
  BACKUP_CODES_NOT_ENABLED: 'Backup codes are not set up for your account.',
  TWO_FACTOR_NOT_ENABLED: 'Two-factor authentication is not turned on for your account.',
  TOTP_NOT_ENABLED: 'Your account has no authenticator app set up. Send a code instead.',
  TOTP_NOT_CONFIGURED: 'Authenticator apps are not available.',
  TOTP_ALREADY_ENABLED: 'An authenticator app is already set up for your account.',
  OTP_NOT_ENABLED: 'Sign-in codes are not available for your account.',
  OTP_NOT_CONFIGURED: 'Sign-in codes are not available.',
  INVALID_TWO_FACTOR_COOKIE: 'Your sign-in attempt has expired. Please sign in again.',

  // Username.
  INVALID_USERNAME_OR_PASSWORD: 'Invalid username or password.',
  USERNAME_IS_ALREADY_TAKEN: 'This username is already taken. Choose another one.',
  USERNAME_TOO_SHORT: 'Username must be at least 3 characters.',
  USERNAME_TOO_LONG: 'Username is at most 32 characters.',
  INVALID_USERNAME: 'Username may only contain letters, digits, underscores and dots.',
  INVALID_DISPLAY_USERNAME: 'This display name is not valid.',
  USERNAME_IS_IMMUTABLE: 'The username cannot be changed.',
  UNEXPECTED_ERROR: 'Something went wrong. Please try again.',
  UNKNOWN_ERROR: 'Something went wrong. Please try again.',

  // Phone number.
  INVALID_PHONE_NUMBER: 'Enter the phone number in international format, such as +31201234567.',
  INVALID_PHONE_NUMBER_OR_PASSWORD: 'Invalid phone number or password.',
  PHONE_NUMBER_EXIST: 'This phone number is already used by another account.',
  PHONE_NUMBER_NOT_EXIST: 'No account was found for this phone number.',
  PHONE_NUMBER_NOT_VERIFIED: 'This phone number is not verified yet.',
  PHONE_NUMBER_PENDING_VERIFICATION: 'Confirm this phone number with the code we sent first.',
  PHONE_NUMBER_CANNOT_BE_UPDATED: 'The phone number cannot be changed here.',
  PHONE_NUMBER_CANNOT_BE_SET: 'Add a phone number by confirming it with a code.',
  SEND_OTP_NOT_IMPLEMENTED: 'Codes cannot be sent at the moment.',

  // Passkeys (server) and the browser's WebAuthn errors (reported through the passkey client).
  PASSKEY_NOT_FOUND: 'This passkey is not registered with ESOP CRM. Sign in another way.',
  AUTHENTICATION_FAILED: 'Passkey sign-in failed. Try again, or sign in another way.',
  CHALLENGE_NOT_FOUND: 'The passkey request has expired. Try again.',
  UNABLE_TO_CREATE_SESSION: 'Signing in failed. Please try again.',
  YOU_ARE_NOT_ALLOWED_TO_REGISTER_THIS_PASSKEY: 'You cannot add this passkey.',
  FAILED_TO_VERIFY_REGISTRATION: 'The passkey could not be added. Please try again.',
  FAILED_TO_UPDATE_PASSKEY: 'The passkey could not be renamed. Please try again.',
  PREVIOUSLY_REGISTERED: 'This passkey is already registered.',
  ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED: 'This passkey is already registered.',
  REGISTRATION_CANCELLED: 'Adding the passkey was cancelled or timed out.',
  AUTH_CANCELLED: PASSKEY_CANCELLED,
  ERROR_CEREMONY_ABORTED: PASSKEY_CANCELLED,
  // NotAllowedError reaches us as this code (@simplewebauthn/browser passes it through).
  ERROR_PASSTHROUGH_SEE_CAUSE_PROPERTY: PASSKEY_CANCELLED,
  NotAllowedError: PASSKEY_CANCELLED,
  AbortError: PASSKEY_CANCELLED,
  ERROR_INVALID_DOMAIN: 'Passkeys are not available on this address.',
  ERROR_INVALID_RP_ID: 'Passkeys are not available on this address.',
  ERROR_AUTHENTICATOR_GENERAL_ERROR: 'Your passkey device reported an error. Try again.',
  ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT:
    'Your device cannot store a passkey for ESOP CRM.',
  ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT:
    'Your device cannot verify you for a passkey.',
  SESSION_REQUIRED: 'Sign in before adding a passkey.',
  RESOLVE_USER_REQUIRED: 'Sign in before adding a passkey.',
  RESOLVED_USER_INVALID: 'Sign in before adding a passkey.',

  // API keys.
  KEY_NOT_FOUND: 'This API key was not found. It may have been deleted.',
  KEY_DISABLED: 'This API key is disabled.',
  KEY_EXPIRED: 'This API key has expired.',
  USAGE_EXCEEDED: 'This API key has reached its usage limit.',
  RATE_LIMIT_EXCEEDED: 'This API key is sending too many requests. Please wait and try again.',
  INVALID_API_KEY: API_KEY_INVALID,
  KEY_NOT_RECOVERABLE: 'API keys are shown only once and cannot be recovered.',
  USER_BANNED: 'This account has been suspended.',
  UNAUTHORIZED_SESSION: 'Your session has ended. Please sign in again.',
  EXPIRES_IN_IS_TOO_SMALL: 'The expiry date is too soon.',
  EXPIRES_IN_IS_TOO_LARGE: 'The expiry date is too far away.',
  INVALID_NAME_LENGTH: 'The API key name is too short or too long.',
  NAME_REQUIRED: 'Enter a name for the API key.',
  INVALID_METADATA_TYPE: API_KEY_INVALID,
  METADATA_DISABLED: API_KEY_INVALID,
  KEY_DISABLED_EXPIRATION: 'API keys cannot have a custom expiry date.',
  INVALID_REMAINING: 'The usage limit is out of range.',
  INVALID_PREFIX_LENGTH: 'The key prefix is too short or too long.',
  NO_VALUES_TO_UPDATE: 'Nothing to change.',
  FAILED_TO_UPDATE_API_KEY: 'The API key could not be updated. Please try again.',
  ORGANIZATION_ID_REQUIRED: 'Choose the workspace for this API key.',
  USER_NOT_MEMBER_OF_ORGANIZATION: 'You are not a member of the workspace that owns this API key.',
  REFILL_AMOUNT_AND_INTERVAL_REQUIRED: 'Set both the refill amount and the refill interval.',
  REFILL_INTERVAL_AND_AMOUNT_REQUIRED: 'Set both the refill amount and the refill interval.',
  INVALID_USER_ID_FROM_API_KEY: API_KEY_INVALID,
  INVALID_REFERENCE_ID_FROM_API_KEY: API_KEY_INVALID,
  INVALID_API_KEY_GETTER_RETURN_TYPE: API_KEY_INVALID,
  SERVER_ONLY_PROPERTY: NOT_COMPLETED,
  NO_DEFAULT_API_KEY_CONFIGURATION_FOUND: NOT_COMPLETED,
  ORGANIZATION_PLUGIN_REQUIRED: NOT_COMPLETED,
  INSUFFICIENT_API_KEY_PERMISSIONS: "You are not allowed to manage this workspace's API keys.",

  // Organizations (workspaces), members, invitations, teams and roles.
  ORGANIZATION_NOT_FOUND: 'This workspace was not found.',
  ORGANIZATION_ALREADY_EXISTS: 'A workspace with this name already exists.',
  ORGANIZATION_SLUG_ALREADY_TAKEN: 'This workspace address is already taken. Choose another one.',
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_ORGANIZATIONS:
    'You have reached the maximum number of workspaces.',
  YOU_HAVE_REACHED_THE_MAXIMUM_NUMBER_OF_TEAMS: 'This workspace has the maximum number of teams.',
  ORGANIZATION_MEMBERSHIP_LIMIT_REACHED: 'This workspace has the maximum number of members.',
  INVITATION_LIMIT_REACHED: 'This workspace has the maximum number of open invitations.',
  TEAM_MEMBER_LIMIT_REACHED: 'This team has the maximum number of members.',
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: 'This person is not a member of this workspace.',
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: 'You are not a member of this workspace.',
  USER_IS_ALREADY_A_MEMBER_OF_THIS_ORGANIZATION:
    'This person is already a member of this workspace.',
  USER_IS_ALREADY_INVITED_TO_THIS_ORGANIZATION: 'This person has already been invited.',
  NO_ACTIVE_ORGANIZATION: 'Choose a workspace first.',
  MEMBER_NOT_FOUND: 'This member was not found.',
  ROLE_NOT_FOUND: 'This role was not found.',
  INVITATION_NOT_FOUND: INVITATION_GONE,
  FAILED_TO_RETRIEVE_INVITATION: INVITATION_GONE,
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION:
    'This invitation was sent to a different e-mail address. Sign in with that address to answer it.',
  INVITER_IS_NO_LONGER_A_MEMBER_OF_THE_ORGANIZATION:
    'The person who invited you is no longer a member of this workspace.',
  EMAIL_VERIFICATION_REQUIRED_BEFORE_ACCEPTING_OR_REJECTING_INVITATION:
    'Verify your e-mail address before answering this invitation.',
  EMAIL_VERIFICATION_REQUIRED_FOR_INVITATION:
    'Verify your e-mail address before viewing this invitation.',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_AS_THE_ONLY_OWNER:
    'You are the only owner. Make someone else an owner before you leave.',
  YOU_CANNOT_LEAVE_THE_ORGANIZATION_WITHOUT_AN_OWNER: 'A workspace must keep at least one owner.',
  TEAM_ALREADY_EXISTS: 'A team with this name already exists.',
  TEAM_NOT_FOUND: 'This team was not found.',
  UNABLE_TO_REMOVE_LAST_TEAM: 'A workspace must keep at least one team.',
  USER_IS_NOT_A_MEMBER_OF_THE_TEAM: 'This person is not a member of this team.',
  YOU_DO_NOT_HAVE_AN_ACTIVE_TEAM: 'Choose a team first.',
  INVALID_TEAM_ID: 'This team was not found.',
  TOO_MANY_ROLES: 'This workspace has the maximum number of roles.',
  INVALID_RESOURCE: 'This role includes an unknown permission.',
  ROLE_NAME_IS_ALREADY_TAKEN: 'A role with this name already exists.',
  CANNOT_DELETE_A_PRE_DEFINED_ROLE: 'Built-in roles cannot be deleted.',
  ROLE_IS_ASSIGNED_TO_MEMBERS:
    'This role is still assigned to members. Give them another role first.',
  YOU_MUST_BE_IN_AN_ORGANIZATION_TO_CREATE_A_ROLE: 'Choose a workspace first.',
  MISSING_AC_INSTANCE: 'Custom roles are not available.',

  // Platform administration.
  BANNED_USER: 'This account has been suspended. Contact your administrator.',
  YOU_CANNOT_BAN_YOURSELF: 'You cannot suspend your own account.',
  YOU_CANNOT_REMOVE_YOURSELF: 'You cannot delete your own account here.',
  YOU_CANNOT_IMPERSONATE_ADMINS: 'You cannot act as another administrator.',
  NO_DATA_TO_UPDATE: 'Nothing to change.',
  PASSWORD_CANNOT_BE_UPDATED_VIA_UPDATE_USER: 'Set the password with "Set password" instead.',
  USER_ID_CANNOT_BE_UPDATED: NOT_COMPLETED,
  INVALID_ROLE_TYPE: 'This role is not valid.',
  YOU_ARE_NOT_ALLOWED_TO_SET_NON_EXISTENT_VALUE: 'This role does not exist.',

  // CAPTCHA.
  VERIFICATION_FAILED: 'The CAPTCHA check failed. Please try again.',
  MISSING_RESPONSE: 'Complete the CAPTCHA check first.',
  SERVICE_UNAVAILABLE: 'The CAPTCHA check is unavailable. Please try again later.',
};
