import { z } from 'zod';
import { emailSchema, requiredText } from '../../../contracts/common';
import { NAME_MAX_LENGTH, signUpSchema } from '../../../contracts/auth';
import { t } from '../../lib/i18n';

// Messages are functions, read when a value fails: in the language active at that moment.

/** better-auth's username plugin: 3–32 of letters, digits, underscores and dots. */
export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 32;

export const profileSchema = z.object({
  name: requiredText('Name', { max: NAME_MAX_LENGTH }),
  username: z
    .string()
    .trim()
    .refine(
      (v) => v === '' || (v.length >= USERNAME_MIN_LENGTH && v.length <= USERNAME_MAX_LENGTH),
      {
        error: () =>
          t('account.validation.usernameLength', {
            min: USERNAME_MIN_LENGTH,
            max: USERNAME_MAX_LENGTH,
          }),
      },
    )
    .refine((v) => v === '' || /^[a-zA-Z0-9_.]+$/.test(v), {
      error: () => t('account.validation.usernameCharacters'),
    }),
});
export type ProfileValues = z.infer<typeof profileSchema>;

export const changeEmailSchema = z.object({ newEmail: emailSchema });

const newPassword = signUpSchema.shape.password;

export const changePasswordSchema = z
  .object({
    currentPassword: z
      .string()
      .min(1, { error: () => t('account.validation.currentPasswordRequired') }),
    newPassword,
    confirmPassword: z.string(),
    revokeOtherSessions: z.boolean(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    error: () => t('auth.validation.passwordsDiffer'),
  });

export const passwordOnlySchema = z.object({
  password: z.string().min(1, { error: () => t('account.validation.passwordRequired') }),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: () => t('account.validation.appCode') }),
});

/** E.164, as the server's phoneNumberValidator: + and 8–15 digits. */
export const phoneSchema = z.object({
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{7,14}$/, { error: () => t('account.validation.phoneFormat') }),
});

export const smsCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, { error: () => t('account.validation.smsCode') }),
});

export const passkeyNameSchema = z.object({
  name: requiredText('Name', { max: 64 }),
});
