/**
 * eKYC providers (docs/decisions/041-face-liveness-and-ekyc-providers.md): reading the ID card,
 * matching the face with the ID photo, and the face-liveness check in a frame. The development
 * provider runs a page of ours; the FPT.AI-style adapter calls the vendor server to server and
 * gets the liveness result by a signed callback.
 */

/** What an ID card says (any field the reader could not read is null). Birthday as YYYY-MM-DD. */
export interface IdCardReading {
  name: string | null;
  idNumber: string | null;
  birthday: string | null;
  gender: 'male' | 'female' | null;
  address: string | null;
}

export interface FaceMatch {
  isMatch: boolean;
  /** 0-100 */
  similarity: number;
}

/** A liveness outcome the provider reported (by callback), already authenticated by the provider adapter. */
export interface VendorLivenessResult {
  bizNo: string;
  passed: boolean;
  /** The face the vendor captured (JPEG/PNG bytes), when it sends one. */
  faceImage: Buffer | null;
}

export interface EkycProvider {
  readonly name: 'dev' | 'fpt';
  /** kyc/config KYC_FRONT/KYC_BACK 2 (upload + reading) when true, else 1. */
  readonly readsIdCards: boolean;
  /** The front of the card is read; null when the provider cannot read ID cards. */
  readIdCard(front: Buffer): Promise<IdCardReading | null>;
  /** null when the provider cannot compare faces (the step then relies on liveness alone). */
  matchFace(idFront: Buffer, face: Buffer): Promise<FaceMatch | null>;
  /** The page to load in the frame for session `bizNo`; `baseUrl` is this server's public origin. */
  startLiveness(input: { bizNo: string; baseUrl: string; lang: string; expiresAt: Date }): Promise<{ verifyUrl: string; providerRef: string | null }>;
  /**
   * A vendor's callback (raw body and headers) checked and read; throws EkycCallbackError when it
   * is not authentic. The development provider has no callback (its page's result comes through the app).
   */
  readCallback(rawBody: string, headers: Record<string, string | string[] | undefined>): VendorLivenessResult;
}

/** The vendor refused or did not answer: EKYC_UNAVAILABLE to the caller, details in the log. */
export class EkycUnavailableError extends Error {
  override name = 'EkycUnavailableError';
}

/** A callback that is not the vendor's (bad or missing signature, unreadable body). */
export class EkycCallbackError extends Error {
  override name = 'EkycCallbackError';
}
