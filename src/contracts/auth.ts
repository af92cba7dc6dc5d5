import { z } from 'zod';
import { emailSchema, isWellFormed, requiredText } from './common';
import { messageParams } from './i18n/issues';

/**
 * A password: 8–128 characters, any of them but NUL and lone surrogates (which could not be typed
 * and would not survive the trip through UTF-8 the same way twice).
 */
function passwordSchema() {
  return z
    .string({ error: 'Password is required' })
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password is at most 128 characters')
    .refine((v) => !v.includes('\u0000') && isWellFormed(v), {
      message: 'Password contains an invalid character',
      params: messageParams('validation.password.character'),
    });
}

/** Sign-up form (better-auth's email sign-up); name ≤ 32, password ≥ 8. */
export const signUpSchema = z.object({
  name: requiredText('Name', { max: 32 }),
  email: emailSchema,
  password: passwordSchema(),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string().min(1, 'Password is required'),
});
export type SignInInput = z.infer<typeof signInSchema>;

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 32;
