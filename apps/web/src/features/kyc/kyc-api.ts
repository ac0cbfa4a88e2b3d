import { type KycImageType, type KycInfo } from '@sen/contract';
import { useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../shared/request/call-endpoint.ts';
import { endpoints } from '../../shared/request/endpoints.ts';
import { kycKeys } from './kyc-keys.ts';

export type KycSlot = 'front' | 'back' | 'selfie';

const IMAGE_TYPES: Record<Exclude<KycSlot, 'selfie'>, KycImageType> = { front: 'IDCARD_CARD_FRONT', back: 'IDCARD_CARD_BACK' };

/** Uploads one compressed picture (multipart, signed like every call) with its progress. */
export async function uploadKycImage(slot: KycSlot, image: Blob, onProgress: (fraction: number) => void): Promise<void> {
  const file = new File([image], `${slot}.jpg`, { type: 'image/jpeg' });
  const options = { skipErrorHandler: true, onUploadProgress: onProgress, timeoutMs: 120_000 };
  if (slot === 'selfie') {
    await callEndpoint(endpoints.kycFace, { faceFile: file, imageId: crypto.randomUUID() }, options);
  } else {
    await callEndpoint(endpoints.kycSave, { image: file, imgType: IMAGE_TYPES[slot] }, options);
  }
}

export function useKycInfo() {
  return useQuery<KycInfo>({
    queryKey: kycKeys.info(),
    queryFn: () => callEndpoint(endpoints.kycInfo, {}),
    // The image links expire after a few minutes: read them fresh each visit.
    staleTime: 0,
  });
}

export const startLiveness = () => callEndpoint(endpoints.livenessStart, {}, { skipErrorHandler: true });
export const sendLivenessResult = (bizNo: string, livenessResult: string) =>
  callEndpoint(endpoints.livenessResult, { bizNo, livenessResult }, { skipErrorHandler: true });
export const finishKyc = () => callEndpoint(endpoints.kycFaceCompare, {}, { skipErrorHandler: true });
