import { z } from 'zod';
import { defineEndpoint, IMAGE_PART } from '../endpoint.ts';
import { emptyRequestSchema, nullResponseSchema } from './common.ts';
import { API_PATHS } from './paths.ts';

/*
 * KYC: ID-card photos, the face and the face-liveness check (API-FAMILY.md §5.2-5.5, issue 9;
 * docs/decisions/040-uploads-and-storage.md, 041-face-liveness-and-ekyc-providers.md).
 */

/** kyc/save/v2 `imgType`: which side of the ID card the `image` part is. */
export const KYC_IMAGE_TYPES = ['IDCARD_CARD_FRONT', 'IDCARD_CARD_BACK'] as const;
export type KycImageType = (typeof KYC_IMAGE_TYPES)[number];

/** kyc/config FACE values (§5.2): 0 none, 1 camera selfie, 2 SDK liveness, 3 H5 liveness (ours). */
export const KYC_FACE_MODE = { NONE: 0, SELFIE: 1, SDK: 2, H5: 3 } as const;

export const kycConfigResponseSchema = z.object({
  /** 0 = not needed, 1 = upload, 2 = upload + reading (OCR) by the eKYC provider. */
  KYC_FRONT: z.number().int(),
  KYC_BACK: z.number().int(),
  FACE: z.number().int(),
  FACE_COMPARE: z.number().int(),
});
export type KycConfig = z.infer<typeof kycConfigResponseSchema>;

export const kycConfigEndpoint = defineEndpoint({
  id: 'getKycConfig',
  method: 'POST',
  path: API_PATHS.kycConfig,
  summary: 'Which ID-card and face steps apply (FACE 3 = our H5 liveness frame).',
  module: 'kyc',
  request: emptyRequestSchema,
  response: kycConfigResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

const UPLOAD_ERRORS = ['SESSION_EXPIRED', 'UPLOAD_MISSING', 'UPLOAD_TOO_LARGE', 'UPLOAD_NOT_IMAGE', 'UPLOAD_DAMAGED', 'UPLOAD_TOO_SMALL', 'KYC_ALREADY_DONE'] as const;

export const kycSaveRequestSchema = z.object({
  imgType: z.enum(KYC_IMAGE_TYPES, { message: 'validation.select' }),
  /** VH2: the `state` of the chosen userBaseExt/getEnum idCardTypeV2 option (e.g. CCCD). */
  cardType: z
    .string()
    .trim()
    .max(32)
    .regex(/^[A-Za-z0-9_]*$/, { message: 'validation.select' })
    .optional()
    .transform((value) => (value ? value : undefined)),
});

export const kycSaveEndpoint = defineEndpoint({
  id: 'saveKycImage',
  method: 'POST',
  path: API_PATHS.kycSave,
  summary: 'One ID-card image per call: file part `image`, `imgType` IDCARD_CARD_FRONT or IDCARD_CARD_BACK, optional `cardType`.',
  module: 'kyc',
  request: kycSaveRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  bodyEncoding: 'multipart',
  fileParts: [{ name: 'image', required: true, description: 'The ID-card side: JPEG, PNG or WebP, at most 8 MB', ...IMAGE_PART }],
  errors: [...UPLOAD_ERRORS, 'EKYC_UNAVAILABLE'],
});

export const kycFaceRequestSchema = z.object({
  /** A random UUID the clients send with the selfie (kept for the logs only). */
  imageId: z.string().trim().max(64).optional(),
});

export const kycFaceEndpoint = defineEndpoint({
  id: 'saveKycFace',
  method: 'POST',
  path: API_PATHS.kycFace,
  summary: 'The selfie: file part `faceFile` (required), `livenessDataFile` (an SDK result, optional), text `imageId`.',
  module: 'kyc',
  request: kycFaceRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  bodyEncoding: 'multipart',
  fileParts: [
    { name: 'faceFile', required: true, description: 'The selfie: JPEG, PNG or WebP, at most 8 MB', ...IMAGE_PART },
    { name: 'livenessDataFile', required: false, description: "A liveness SDK's result bytes (FACE 2); not trusted as proof of liveness" },
  ],
  errors: [...UPLOAD_ERRORS],
});

export const kycFaceCompareEndpoint = defineEndpoint({
  id: 'finishKyc',
  method: 'POST',
  path: API_PATHS.kycFaceCompare,
  summary: 'Finishes the KYC step: needs the ID front, back, a face and a passed liveness check; compares the face with the ID photo where the provider can.',
  module: 'kyc',
  request: emptyRequestSchema,
  response: nullResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'KYC_INCOMPLETE', 'FACE_MISMATCH', 'EKYC_UNAVAILABLE'],
});

export const kycInfoResponseSchema = z.object({
  /** The record's number (null before the first upload). */
  id: z.number().int().nullable(),
  userId: z.number().int(),
  /** Owner-only links (expire after FILE_LINK_TTL_SECONDS), null when not uploaded. */
  frontImageUrl: z.string().nullable(),
  backImageUrl: z.string().nullable(),
  liveImageUrl: z.string().nullable(),
  /** VH2: the card type sent with the images. */
  idCardType: z.string().nullable(),
  /** Ours: the liveness check passed, and the step is finished (face/compare done). */
  livenessPassed: z.boolean(),
  completed: z.boolean(),
});
export type KycInfo = z.infer<typeof kycInfoResponseSchema>;

export const kycInfoEndpoint = defineEndpoint({
  id: 'getKycInfo',
  method: 'POST',
  path: API_PATHS.kycInfo,
  summary: "What the user uploaded: owner-only links to the ID front, back and face.",
  module: 'kyc',
  request: emptyRequestSchema,
  response: kycInfoResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED'],
});

export const livenessSessionResponseSchema = z.object({
  /** The page to open in a frame (web) or WebView (natives); null falls back to SDK liveness. */
  verifyUrl: z.string().nullable(),
  bizNo: z.string(),
  /** When the session ends (ms since the epoch). */
  expiredTime: z.number().int(),
  /** An owner-only link to the captured face once passed. */
  faceUrl: z.string().nullable(),
  /** Ours: pending | passed | failed. */
  status: z.enum(['pending', 'passed', 'failed']),
});
export type LivenessSession = z.infer<typeof livenessSessionResponseSchema>;

export const livenessStartEndpoint = defineEndpoint({
  id: 'startLiveness',
  method: 'POST',
  path: API_PATHS.livenessStart,
  summary: 'Starts a face-liveness check: the verifyUrl to load in a frame and its bizNo.',
  module: 'kyc',
  request: emptyRequestSchema,
  response: livenessSessionResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'KYC_ALREADY_DONE', 'EKYC_UNAVAILABLE'],
});

export const livenessResultRequestSchema = z.object({
  bizNo: z.string().trim().regex(/^[0-9a-f]{32}$/, { message: 'validation.required' }),
  /**
   * Ours: the signed result the liveness page posted to the app (development provider). Verified
   * by the server; the natives, which get no postMessage, leave it out.
   */
  livenessResult: z.string().trim().max(4096).optional(),
});

export const livenessResultEndpoint = defineEndpoint({
  id: 'getLivenessResult',
  method: 'POST',
  path: API_PATHS.livenessResult,
  summary: "A liveness session's outcome; with `livenessResult`, the page's signed result is verified and settles it.",
  module: 'kyc',
  request: livenessResultRequestSchema,
  response: livenessSessionResponseSchema,
  signed: true,
  session: 'required',
  errors: ['SESSION_EXPIRED', 'LIVENESS_REJECTED', 'LIVENESS_EXPIRED'],
});

/** The development provider's page (HTML) in the liveness frame; authorised by bizNo and its page token. */
export const livenessDevPageEndpoint = defineEndpoint({
  id: 'livenessDevPage',
  method: 'GET',
  path: API_PATHS.livenessDevPage,
  summary: 'Development eKYC provider: the liveness page (HTML) loaded in the frame. Not in production.',
  module: 'kyc',
  request: z.object({ bizNo: z.string(), pt: z.string(), lang: z.string().optional() }),
  response: z.null(),
  binaryResponse: 'text/html',
  signed: false,
  session: 'none',
  errors: ['LIVENESS_EXPIRED'],
});

export const livenessDevCaptureEndpoint = defineEndpoint({
  id: 'livenessDevCapture',
  method: 'POST',
  path: API_PATHS.livenessDevCapture,
  summary: 'Development eKYC provider: the page sends its camera frames; answers the signed result it posts to the app.',
  module: 'kyc',
  request: z.object({ bizNo: z.string().trim().regex(/^[0-9a-f]{32}$/), pt: z.string().trim().max(128) }),
  response: z.object({ result: z.string(), passed: z.boolean() }),
  signed: false,
  session: 'none',
  bodyEncoding: 'multipart',
  fileParts: [
    { name: 'frame1', required: true, description: 'A camera frame (JPEG, PNG or WebP)', ...IMAGE_PART },
    { name: 'frame2', required: true, description: 'A camera frame (JPEG, PNG or WebP)', ...IMAGE_PART },
    { name: 'frame3', required: true, description: 'A camera frame (JPEG, PNG or WebP)', ...IMAGE_PART },
  ],
  errors: ['LIVENESS_EXPIRED', 'UPLOAD_MISSING', 'UPLOAD_TOO_LARGE', 'UPLOAD_NOT_IMAGE', 'UPLOAD_DAMAGED', 'UPLOAD_TOO_SMALL'],
});

/** The FPT.AI-style provider's server-to-server result callback (HMAC-signed by the vendor). */
export const ekycCallbackEndpoint = defineEndpoint({
  id: 'ekycVendorCallback',
  method: 'POST',
  path: API_PATHS.ekycCallback,
  summary: "The eKYC vendor's liveness result (server to server), signed with the shared callback secret in `x-signature`.",
  module: 'kyc',
  request: z.looseObject({}),
  response: z.null(),
  signed: false,
  session: 'none',
  errors: ['LIVENESS_REJECTED', 'LIVENESS_EXPIRED'],
});
