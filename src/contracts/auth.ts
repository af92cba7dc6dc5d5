import { z } from 'zod';
import { emailSchema } from './common';

/** Sign-up form (better-auth's email sign-up); name ≤ 32, password ≥ 8. */
export const signUpSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(32, 'Name is at most 32 characters'),
  email: emailSchema,
  password: z
    .string()
    .min(8, 'Password must be at least 8 characters')
    .max(128, 'Password is at most 128 characters'),
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
