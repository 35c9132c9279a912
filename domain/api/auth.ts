import { z } from 'zod';
import { ACTIONS, FEATURES } from '../permissions';
import { MAX_EMAIL_ADDRESS, PASSWORD_MAX } from '../limits';
import { meetsPasswordPolicy } from '../password-policy';
import { LOCALES } from '../locale';
import { messages } from '../messages';

const Otp = z.string().regex(/^\d{6}$/);
/** What people sign in and reset with: an email or a username, so at most an email address long. */
const SignInName = z.string().trim().min(1).max(MAX_EMAIL_ADDRESS);

/** A new password: the policy's rules (domain/password-policy.ts, zod-free for the client) as a schema. */
export const NewPassword = z.string().max(PASSWORD_MAX).refine(meetsPasswordPolicy, { message: messages.passwordPolicy.id });

export const LoginInput = z.object({
  username: SignInName,
  password: z.string().min(1).max(PASSWORD_MAX),
  otp: Otp.optional(),
  remember: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof LoginInput>;

export const PermissionEntrySchema = z.object({
  name: z.enum(FEATURES),
  permissions: z.string(),
});

/** The profile the spec names (section 3), plus what the shell needs to render. */
export const Profile = z.object({
  id: z.number().int(),
  username: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  level: z.string().nullable(),
  branch: z.number().int().nullable(),
  branchName: z.string().nullable(),
  religionId: z.number().int().nullable(),
  religion: z.string().nullable(),
  /** The religion in both languages, so a profile kept offline follows a language switch (absent in profiles kept before it existed). */
  religionNames: z.object({ en: z.string(), sw: z.string() }).nullable().optional(),
  entity: z.string().nullable(),
  entityId: z.number().int().nullable(),
  entityCode: z.string().nullable(),
  /**
   * The zone of the user's institution, whose days the pages show (ADR 077); null for bank staff,
   * who see East Africa Time. Absent in profiles kept before it existed: the default zone then.
   */
  timeZone: z.string().nullable().optional(),
  force_change_password: z.boolean(),
  twoFactorEnabled: z.boolean(),
  language: z.enum(LOCALES),
  permissions: z.array(PermissionEntrySchema),
});
export type Profile = z.infer<typeof Profile>;

export const LoginResult = z.object({ token: z.string(), profile: Profile });
export type LoginResult = z.infer<typeof LoginResult>;

export const ChangePasswordInput = z.object({
  currentPassword: z.string().min(1).max(PASSWORD_MAX),
  newPassword: NewPassword,
});
export type ChangePasswordInput = z.infer<typeof ChangePasswordInput>;

export const TwoFactorSetup = z.object({ secret: z.string(), otpauthUrl: z.string(), qrDataUrl: z.string() });
export type TwoFactorSetup = z.infer<typeof TwoFactorSetup>;
export const TwoFactorConfirmInput = z.object({ otp: Otp });
export const TwoFactorDisableInput = z.object({ password: z.string().min(1).max(PASSWORD_MAX), otp: Otp });

export const ResetRequestInput = z.object({
  username: SignInName,
  channel: z.enum(['sms', 'email']),
});
export type ResetRequestInput = z.infer<typeof ResetRequestInput>;
export const ResetVerifyCodeInput = z.object({ username: SignInName, code: Otp });
export const ResetVerifyCodeResult = z.object({ resetId: z.string() });
export const ResetIdParam = z.object({ id: z.string().min(16).max(128) });
export const ResetCompleteInput = z.object({ password: NewPassword, otp: Otp.optional() });
export const ResetStatus = z.object({ valid: z.literal(true), needsOtp: z.boolean() });

export { ACTIONS };
