/**
 * The account forms' rules and messages (docs/product.md §5 Registration and Login, §9). zod lives here, so
 * only the lazy form pages import this module (never the entry chunk).
 */
import { z } from 'zod';
import { passwordSchema } from '#contract/accounts';
import { imageFileProblem, limits, registrationRoles } from '#contract/limits';

/** docs/product.md §5 "Dialog built-in checks": Invalid email address. */
const emailFormat = z
  .email({ message: 'Invalid email address' })
  .max(limits.emailMax, { message: `Email must be at most ${limits.emailMax} characters` });

/** docs/product.md §5 Login: email required and of email type; password has no rule. */
export const loginSchema = z.object({
  email: z.string().trim().min(1, { message: 'email is required' }).pipe(emailFormat),
  password: z.string(),
});
export type LoginValues = z.infer<typeof loginSchema>;

/** A password: required, then the contract's 6–128 rule (docs/product.md §5, §9). */
const requiredPassword = z
  .string()
  .min(1, { message: 'Password is required' })
  .pipe(passwordSchema);

/** docs/product.md §5 Registration: every field required; role buyer or seller (default buyer). */
export const registrationSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, { message: 'name is required' })
    .max(limits.displayNameMax, {
      message: `Name must be at most ${limits.displayNameMax} characters`,
    }),
  email: z.string().trim().min(1, { message: 'email is required' }).pipe(emailFormat),
  photo: z
    .custom<FileList>((value) => value instanceof FileList && value.length > 0, {
      message: 'Image is required',
    })
    // A file that is not an image, or too large, stops here, before the
    // account is created.
    .superRefine((files, context) => {
      const problem = imageFileProblem(files[0]!, 'Photo');
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  role: z.enum(registrationRoles, { message: 'Role is required' }),
  password: requiredPassword,
});
export type RegistrationInput = z.input<typeof registrationSchema>;
export type RegistrationValues = z.output<typeof registrationSchema>;

/** The forgot-password form: the account's email. */
export const forgotPasswordSchema = z.object({
  email: z.string().trim().min(1, { message: 'email is required' }).pipe(emailFormat),
});
export type ForgotPasswordValues = z.infer<typeof forgotPasswordSchema>;

/** The reset form: a new password (docs/product.md §5 rule) typed twice. */
export const resetPasswordSchema = z
  .object({ password: requiredPassword, confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordValues = z.infer<typeof resetPasswordSchema>;

/**
 * The profile's name-and-photo form: the registration's name rule; a new photo is
 * optional (none chosen keeps the current one) and checked like registration's before upload.
 */
export const profileDetailsSchema = z.object({
  name: registrationSchema.shape.name,
  photo: z
    .custom<FileList | undefined>(
      (value) => value === undefined || value === null || value instanceof FileList,
    )
    .superRefine((files, context) => {
      const file = files?.[0];
      const problem = file ? imageFileProblem(file, 'Photo') : undefined;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
});
export type ProfileDetailsInput = z.input<typeof profileDetailsSchema>;
export type ProfileDetailsValues = z.output<typeof profileDetailsSchema>;

/**
 * The profile's password form: the current password (required), and a new one under
 * the registration rule (docs/product.md §5), typed twice.
 */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().min(1, { message: 'Password is required' }),
    newPassword: requiredPassword,
    confirmPassword: z.string(),
  })
  .refine((values) => values.newPassword === values.confirmPassword, {
    message: 'Passwords do not match',
    path: ['confirmPassword'],
  });
export type ChangePasswordValues = z.infer<typeof changePasswordSchema>;
