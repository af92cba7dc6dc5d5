import { z } from 'zod';
import { signUpSchema } from '../../../contracts/auth';
import { emailSchema } from '../../../contracts/common';

/** Forgot password, magic link, e-mail code (first step). */
export const emailOnlySchema = z.object({ email: emailSchema });

/** Reset password: the sign-up password rules, typed twice. */
export const newPasswordSchema = z
  .object({
    password: signUpSchema.shape.password,
    confirmPassword: z.string().min(1, 'Repeat the new password'),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The passwords do not match',
  });

/** A six-digit one-time code (e-mail sign-in code, two-factor code, authenticator app). */
export const sixDigitCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'Enter the 6-digit code'),
});

/** A two-factor backup code as shown when two-factor was set up (10 characters, maybe a dash). */
export const backupCodeSchema = z.object({
  code: z.string().trim().min(1, 'Enter a backup code').max(64, 'This is not a backup code'),
});
