import { API_PATHS } from '@sen/contract';
import type { DevLivenessSigner } from './dev-liveness.ts';
import { EkycCallbackError, type EkycProvider, type FaceMatch, type IdCardReading, type VendorLivenessResult } from './ekyc-provider.ts';

/**
 * The development provider (EKYC_PROVIDER=dev, refused in production): the liveness page is ours
 * (served by the kyc module), reads no ID card and compares no faces. Its "liveness" is a motion
 * check between camera frames, enough to exercise the whole flow with a real camera or
 * Chromium's fake one; it is not a defence against spoofing.
 */
export class DevEkycProvider implements EkycProvider {
  readonly name = 'dev' as const;
  readonly readsIdCards = false;

  constructor(private readonly signer: DevLivenessSigner) {}

  async readIdCard(): Promise<IdCardReading | null> {
    return null;
  }

  async matchFace(): Promise<FaceMatch | null> {
    return null;
  }

  async startLiveness(input: { bizNo: string; baseUrl: string; lang: string }): Promise<{ verifyUrl: string; providerRef: string | null }> {
    const query = new URLSearchParams({ bizNo: input.bizNo, pt: this.signer.pageToken(input.bizNo), lang: input.lang });
    return { verifyUrl: `${input.baseUrl}${API_PATHS.livenessDevPage}?${query.toString()}`, providerRef: null };
  }

  readCallback(): VendorLivenessResult {
    throw new EkycCallbackError('the development provider has no callback');
  }
}
