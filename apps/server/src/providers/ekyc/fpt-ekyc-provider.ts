import { createHmac, timingSafeEqual } from 'node:crypto';
import { API_PATHS } from '@sen/contract';
import {
  EkycCallbackError,
  EkycUnavailableError,
  type EkycProvider,
  type FaceMatch,
  type IdCardReading,
  type VendorLivenessResult,
} from './ekyc-provider.ts';

export interface FptEkycOptions {
  /** e.g. https://api.fpt.ai */
  baseUrl: string;
  apiKey: string;
  /** Shared secret of the vendor's result callbacks (HMAC-SHA256 of the raw body, hex, in `x-signature`). */
  callbackSecret: string;
  timeoutMs: number;
  /** Similarity (0-100) from which faces count as matching, besides the vendor's own isMatch. */
  faceMatchThreshold: number;
}

/** FPT.AI's ID reader answer (POST /vision/idr/vnm): errorCode 0 and one entry per card read. */
interface IdrAnswer {
  errorCode?: number;
  errorMessage?: string;
  data?: { id?: string; name?: string; dob?: string; sex?: string; address?: string; home?: string }[];
}

/** FPT.AI's face match answer (POST /dmp/checkface/v1). */
interface CheckFaceAnswer {
  code?: string | number;
  message?: string;
  data?: { isMatch?: boolean; similarity?: number; isBothImgIDCard?: boolean };
}

function text(value: string | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed && trimmed.toUpperCase() !== 'N/A' ? trimmed : null;
}

/** dd/mm/yyyy (the reader's form) to yyyy-mm-dd; anything else null. */
function isoDate(value: string | undefined): string | null {
  const match = /^(\d{2})[/-](\d{2})[/-](\d{4})$/.exec(value?.trim() ?? '');
  return match ? `${match[3]}-${match[2]}-${match[1]}` : null;
}

function gender(value: string | undefined): 'male' | 'female' | null {
  const normalised = value?.trim().toUpperCase() ?? '';
  if (normalised === 'NAM' || normalised === 'MALE') return 'male';
  if (normalised === 'NỮ' || normalised === 'NU' || normalised === 'FEMALE') return 'female';
  return null;
}

/**
 * An eKYC adapter in the style of FPT.AI (decision 041), server to server:
 * - ID reading: POST `{base}/vision/idr/vnm`, header `api-key`, form-data `image`; answer
 *   `{errorCode, errorMessage, data:[{id,name,dob,sex,address}]}` (dob dd/mm/yyyy, sex Nam/Nữ);
 * - face match: POST `{base}/dmp/checkface/v1`, form-data `file[]` twice; answer
 *   `{code:"200", data:{isMatch, similarity}}`;
 * - liveness: POST `{base}/ekyc/web/v1/session` JSON `{request_id, callback_url, lang, expires_at}`
 *   answers `{session_id, verify_url}`; the vendor's page runs in our frame and the vendor POSTs
 *   the result to our callback (`{request_id, session_id, status: "PASSED"|"FAILED",
 *   face_image: base64}`) signed with HMAC-SHA256 of the raw body in `x-signature`.
 * Any transport failure, timeout or non-success answer is EkycUnavailableError.
 */
export class FptEkycProvider implements EkycProvider {
  readonly name = 'fpt' as const;
  readonly readsIdCards = true;

  constructor(private readonly options: FptEkycOptions) {}

  private async call<T>(path: string, body: FormData | string): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${this.options.baseUrl}${path}`, {
        method: 'POST',
        headers: { 'api-key': this.options.apiKey, ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}) },
        body,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (error) {
      throw new EkycUnavailableError(`eKYC ${path}: ${(error as Error).message}`);
    }
    if (!response.ok) throw new EkycUnavailableError(`eKYC ${path}: HTTP ${response.status}`);
    try {
      return (await response.json()) as T;
    } catch {
      throw new EkycUnavailableError(`eKYC ${path}: unreadable answer`);
    }
  }

  async readIdCard(front: Buffer): Promise<IdCardReading | null> {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(front)], { type: 'image/jpeg' }), 'front.jpg');
    const answer = await this.call<IdrAnswer>('/vision/idr/vnm', form);
    // errorCode 3 and up: no card found in the picture; the upload stands, nothing is prefilled.
    if (answer.errorCode !== 0) {
      if (typeof answer.errorCode === 'number' && answer.errorCode >= 3) return null;
      throw new EkycUnavailableError(`eKYC idr: errorCode ${String(answer.errorCode)} ${answer.errorMessage ?? ''}`);
    }
    const card = answer.data?.[0];
    if (!card) return null;
    return {
      name: text(card.name),
      idNumber: /^\d{9}$|^\d{12}$/.test(card.id?.trim() ?? '') ? card.id!.trim() : null,
      birthday: isoDate(card.dob),
      gender: gender(card.sex),
      address: text(card.address) ?? text(card.home),
    };
  }

  async matchFace(idFront: Buffer, face: Buffer): Promise<FaceMatch | null> {
    const form = new FormData();
    form.append('file[]', new Blob([new Uint8Array(idFront)], { type: 'image/jpeg' }), 'id.jpg');
    form.append('file[]', new Blob([new Uint8Array(face)], { type: 'image/jpeg' }), 'face.jpg');
    const answer = await this.call<CheckFaceAnswer>('/dmp/checkface/v1', form);
    if (String(answer.code) !== '200' || !answer.data) throw new EkycUnavailableError(`eKYC checkface: code ${String(answer.code)} ${answer.message ?? ''}`);
    const similarity = Math.max(0, Math.min(100, Number(answer.data.similarity ?? 0)));
    return { isMatch: answer.data.isMatch === true && similarity >= this.options.faceMatchThreshold, similarity };
  }

  async startLiveness(input: { bizNo: string; baseUrl: string; lang: string; expiresAt: Date }): Promise<{ verifyUrl: string; providerRef: string | null }> {
    const answer = await this.call<{ session_id?: string; verify_url?: string }>(
      '/ekyc/web/v1/session',
      JSON.stringify({ request_id: input.bizNo, callback_url: `${input.baseUrl}${API_PATHS.ekycCallback}`, lang: input.lang, expires_at: input.expiresAt.toISOString() }),
    );
    if (!answer.verify_url || !/^https?:\/\//.test(answer.verify_url)) throw new EkycUnavailableError('eKYC session: no verify_url');
    return { verifyUrl: answer.verify_url, providerRef: answer.session_id ?? null };
  }

  readCallback(rawBody: string, headers: Record<string, string | string[] | undefined>): VendorLivenessResult {
    const given = headers['x-signature'];
    const expected = createHmac('sha256', this.options.callbackSecret).update(rawBody).digest('hex');
    if (typeof given !== 'string' || given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) {
      throw new EkycCallbackError('callback signature does not match');
    }
    let body: { request_id?: unknown; status?: unknown; face_image?: unknown };
    try {
      body = JSON.parse(rawBody) as typeof body;
    } catch {
      throw new EkycCallbackError('callback body is not JSON');
    }
    if (typeof body.request_id !== 'string' || (body.status !== 'PASSED' && body.status !== 'FAILED')) throw new EkycCallbackError('callback without request_id or status');
    const faceImage = typeof body.face_image === 'string' && body.face_image.length > 0 ? Buffer.from(body.face_image, 'base64') : null;
    return { bizNo: body.request_id, passed: body.status === 'PASSED', faceImage };
  }
}
