export { bearerToken } from './session-hook.ts';
export { PasswordHasher } from './password-hasher.ts';
export type { OtpChannel, OtpCheck, OtpSent, OtpService } from './otp.service.ts';
