import { z } from 'zod';
import { signUpSchema } from '../../../contracts/auth';
import { emailSchema } from '../../../contracts/common';
import { t } from '../../lib/i18n';

// Messages are functions, read when a value fails: in the language active at that moment.

/** Forgot password, magic link, e-mail code (first step). */
export const emailOnlySchema = z.object({ email: emailSchema });

/** Reset password: the sign-up password rules, typed twice. */
export const newPasswordSchema = z
  .object({
    password: signUpSchema.shape.password,
    confirmPassword: z.string().min(1, { error: () => t('auth.validation.repeatPassword') }),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    error: () => t('auth.validation.passwordsDiffer'),
  });

/** A six-digit one-time code (e-mail sign-in code, two-factor code, authenticator app). */
export const sixDigitCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, { error: () => t('auth.validation.sixDigitCode') }),
});

/** A two-factor backup code as shown when two-factor was set up (10 characters, maybe a dash). */
export const backupCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, { error: () => t('auth.validation.backupCodeRequired') })
    .max(64, { error: () => t('auth.validation.notABackupCode') }),
});
