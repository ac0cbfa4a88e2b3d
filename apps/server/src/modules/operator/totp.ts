import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 as authenticator apps use it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;

/** A new base32 secret (20 bytes, 160 bits, as RFC 4226 recommends). */
export function newTotpSecret(): string {
  return generateSecret({ length: 20 });
}

/** The otpauth:// URI for an operator's authenticator, and the same as an SVG QR code. */
export async function totpEnrolment(secret: string, issuer: string, email: string): Promise<{ otpauthUri: string; qrSvg: string }> {
  const otpauthUri = generateURI({ issuer, label: email, secret });
  const qrSvg = await QRCode.toString(otpauthUri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return { otpauthUri, qrSvg };
}

/**
 * The time step a code belongs to, within one step either side of `now` (clock drift; RFC 6238
 * §5.2), or null when it matches none. The caller refuses a step it has accepted before (replay).
 */
export async function matchTotpStep(secret: string, code: string, now: Date): Promise<number | null> {
  const result = await verify({ secret, token: code, epoch: Math.floor(now.getTime() / 1000), epochTolerance: TOTP_PERIOD_SECONDS });
  // TOTP results carry the matched time step (HOTP ones a counter), for the replay check.
  const timeStep = result.valid && 'timeStep' in result ? (result as { timeStep: unknown }).timeStep : null;
  return typeof timeStep === 'number' ? timeStep : null;
}
