import { z } from 'zod';
import { emailSchema, requiredText } from '../../../contracts/common';
import { NAME_MAX_LENGTH, signUpSchema } from '../../../contracts/auth';

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
      `Username must be ${USERNAME_MIN_LENGTH} to ${USERNAME_MAX_LENGTH} characters`,
    )
    .refine(
      (v) => v === '' || /^[a-zA-Z0-9_.]+$/.test(v),
      'Use letters, digits, underscores and dots only',
    ),
});
export type ProfileValues = z.infer<typeof profileSchema>;

export const changeEmailSchema = z.object({ newEmail: emailSchema });

const newPassword = signUpSchema.shape.password;

export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, 'Current password is required'),
    newPassword,
    confirmPassword: z.string(),
    revokeOtherSessions: z.boolean(),
  })
  .refine((v) => v.newPassword === v.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

export const passwordOnlySchema = z.object({
  password: z.string().min(1, 'Password is required'),
});

export const totpCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code from your app'),
});

/** E.164, as the server's phoneNumberValidator: + and 8–15 digits. */
export const phoneSchema = z.object({
  phoneNumber: z
    .string()
    .trim()
    .regex(/^\+[1-9]\d{7,14}$/, 'Use the international format, e.g. +41791234567'),
});

export const smsCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{4,8}$/, 'Enter the code from the SMS'),
});

export const passkeyNameSchema = z.object({
  name: requiredText('Name', { max: 64 }),
});
