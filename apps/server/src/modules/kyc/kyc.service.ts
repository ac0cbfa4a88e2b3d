import { maskTail } from '../../shared/field-cipher.ts';
import { randomBytes } from 'node:crypto';
import { AUTH_STATE, KYC_FACE_MODE, type KycConfig, type KycImageType, type KycInfo, type LivenessSession } from '@sen/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { UnitOfWork } from '../../db/unit-of-work.ts';
import type { DevLivenessSigner } from '../../providers/ekyc/dev-liveness.ts';
import { EkycUnavailableError, type EkycProvider, type IdCardReading } from '../../providers/ekyc/ekyc-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Clock } from '../../shared/clock.ts';
import type { FieldCipher } from '../../shared/field-cipher.ts';
import { cleanImage, type CleanImage } from '../../shared/uploads/image-upload.ts';
import type { ObjectStorage } from '../../shared/uploads/storage.ts';
import type { CertificationService } from '../certification/index.ts';
import type { FilesService, StoredFileRow } from '../files/index.ts';
import { frameDifference, MIN_FRAME_DIFFERENCE } from './frame-motion.ts';
import type { KycDocumentRow, KycRepository, LivenessSessionRow } from './kyc.repository.ts';

export interface KycServiceDeps {
  uow: UnitOfWork;
  repository: KycRepository;
  files: FilesService;
  storage: ObjectStorage;
  certification: CertificationService;
  provider: EkycProvider;
  devSigner: DevLivenessSigner;
  cipher: FieldCipher;
  clock: Clock;
  livenessTtlSeconds: number;
  log: FastifyBaseLogger;
}

const PURPOSE: Record<KycImageType, string> = { IDCARD_CARD_FRONT: 'kyc_front', IDCARD_CARD_BACK: 'kyc_back' };

/**
 * The KYC step (issue 9; decisions 040, 041): ID-card sides and a face, stored through the files
 * module; a face-liveness session whose provider result is verified by the server; and the end of
 * the step (face/compare), which marks the KYC item in the same transaction.
 */
export class KycService {
  constructor(private readonly deps: KycServiceDeps) {}

  private get repository() {
    return this.deps.repository;
  }

  config(): KycConfig {
    const side = this.deps.provider.readsIdCards ? 2 : 1;
    return { KYC_FRONT: side, KYC_BACK: side, FACE: KYC_FACE_MODE.H5, FACE_COMPARE: 1 };
  }

  private async providerCall<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof EkycUnavailableError) {
        this.deps.log.warn({ err: error, provider: this.deps.provider.name }, 'eKYC provider unavailable');
        throw new AppError('EKYC_UNAVAILABLE');
      }
      throw error;
    }
  }

  private static assertOpen(document: KycDocumentRow | null): void {
    if (document?.completedAt) throw new AppError('KYC_ALREADY_DONE');
  }

  /** kyc/save/v2: one side of the ID card. The front is read by the provider where it can. */
  async saveIdImage(userId: string, imgType: KycImageType, cardType: string | undefined, image: CleanImage): Promise<void> {
    KycService.assertOpen(await this.repository.findDocument(userId));
    const reading = imgType === 'IDCARD_CARD_FRONT' ? await this.providerCall(() => this.deps.provider.readIdCard(image.data)) : null;
    await this.deps.uow.transaction(async () => {
      const document = await this.repository.lockDocument(userId);
      KycService.assertOpen(document);
      const file = await this.deps.files.storeImage(userId, PURPOSE[imgType], image);
      await this.repository.updateDocument(userId, {
        ...(imgType === 'IDCARD_CARD_FRONT' ? { frontFileId: file.id, idCardReading: reading ? this.deps.cipher.encrypt(JSON.stringify(reading)) : null } : { backFileId: file.id }),
        ...(cardType ? { cardType } : {}),
      });
    });
  }

  /** kyc/liveness/anti/hack: the selfie. (A liveness SDK's data file is not proof: the H5 check is.) */
  async saveFace(userId: string, image: CleanImage): Promise<void> {
    KycService.assertOpen(await this.repository.findDocument(userId));
    await this.deps.uow.transaction(async () => {
      KycService.assertOpen(await this.repository.lockDocument(userId));
      const file = await this.deps.files.storeImage(userId, 'kyc_face', image);
      await this.repository.updateDocument(userId, { faceFileId: file.id });
    });
  }

  private async bytesOf(userId: string, fileId: string | null): Promise<Buffer | null> {
    if (!fileId) return null;
    const file = await this.deps.files.findOwned(userId, fileId);
    return file ? this.deps.storage.get(file.storageKey) : null;
  }

  /**
   * kyc/face/compare: the end of the step. Needs the front, the back, a face (selfie or the
   * liveness capture) and a passed liveness check; where the provider compares faces the face
   * must match the ID photo. Marks KYC done in the same transaction. Repeating it is harmless.
   */
  async finish(userId: string): Promise<void> {
    const document = await this.repository.findDocument(userId);
    if (document?.completedAt) return;
    const faceFileId = document?.faceFileId ?? document?.livenessFileId ?? null;
    if (!document?.frontFileId || !document.backFileId || !faceFileId || !document.livenessPassed) throw new AppError('KYC_INCOMPLETE');
    const [front, face] = await Promise.all([this.bytesOf(userId, document.frontFileId), this.bytesOf(userId, faceFileId)]);
    if (!front || !face) throw new AppError('KYC_INCOMPLETE');
    const match = await this.providerCall(() => this.deps.provider.matchFace(front, face));
    if (match && !match.isMatch) {
      await this.repository.updateDocument(userId, { faceMatchScore: Math.round(match.similarity) });
      throw new AppError('FACE_MISMATCH');
    }
    await this.deps.uow.transaction(async () => {
      const locked = await this.repository.lockDocument(userId);
      if (locked.completedAt) return;
      if (locked.frontFileId !== document.frontFileId || (locked.faceFileId ?? locked.livenessFileId) !== faceFileId || !locked.backFileId || !locked.livenessPassed) {
        throw new AppError('KYC_INCOMPLETE');
      }
      await this.repository.updateDocument(userId, { completedAt: this.deps.clock(), faceMatchScore: match ? Math.round(match.similarity) : null });
      await this.deps.certification.markItem(userId, 'KYC', AUTH_STATE.DONE);
    });
  }

  async info(userId: string): Promise<KycInfo> {
    const document = await this.repository.findDocument(userId);
    const link = async (fileId: string | null | undefined) => {
      if (!fileId) return null;
      const file = await this.deps.files.findOwned(userId, fileId);
      return file ? this.deps.files.linkFor(file) : null;
    };
    return {
      id: document?.publicId ?? null,
      userId: await this.repository.publicIdOf(userId),
      frontImageUrl: await link(document?.frontFileId),
      backImageUrl: await link(document?.backFileId),
      liveImageUrl: await link(document?.faceFileId ?? document?.livenessFileId),
      idCardType: document?.cardType ?? null,
      livenessPassed: document?.livenessPassed ?? false,
      completed: Boolean(document?.completedAt),
    };
  }

  /**
   * The data export's KYC section (issue 13): the document's state, which pictures are held (not
   * their bytes or links) and what was read from the ID card, its number masked.
   */
  async exportFor(userId: string) {
    const document = await this.repository.findDocument(userId);
    if (!document) return null;
    const reading = await this.idCardReading(userId);
    return {
      cardType: document.cardType ?? null,
      images: { idFront: Boolean(document.frontFileId), idBack: Boolean(document.backFileId), face: Boolean(document.faceFileId ?? document.livenessFileId) },
      livenessPassed: document.livenessPassed ?? false,
      completed: Boolean(document.completedAt),
      idCardReading: reading ? { ...reading, idNumber: reading.idNumber ? maskTail(reading.idNumber) : null } : null,
    };
  }

  /**
   * The back office's borrower page (decision 097): the step's state and which images are held, by
   * side, as file ids for an audited reveal to link to; never the images or links themselves.
   */
  async operatorView(userId: string) {
    const document = await this.repository.findDocument(userId);
    if (!document) return null;
    return {
      files: { front: document.frontFileId, back: document.backFileId, face: document.faceFileId ?? document.livenessFileId },
      livenessPassed: document.livenessPassed,
      faceMatchScore: document.faceMatchScore,
      completedAt: document.completedAt,
    };
  }

  /** What the provider read from the ID card's front (for the personal-data form), or null. */
  async idCardReading(userId: string): Promise<IdCardReading | null> {
    const document = await this.repository.findDocument(userId);
    if (!document?.idCardReading) return null;
    return JSON.parse(this.deps.cipher.decrypt(document.idCardReading)) as IdCardReading;
  }

  private async sessionView(session: LivenessSessionRow, verifyUrl: string | null): Promise<LivenessSession> {
    let faceUrl: string | null = null;
    if (session.faceFileId) {
      const file = await this.deps.files.findOwned(session.userId, session.faceFileId);
      faceUrl = file ? this.deps.files.linkFor(file) : null;
    }
    return { verifyUrl, bizNo: session.bizNo, expiredTime: session.expiresAt.getTime(), faceUrl, status: session.status as LivenessSession['status'] };
  }

  /** user/liveness/h5/get: a new session and the provider's page for the frame. */
  async startLiveness(userId: string, baseUrl: string, lang: string): Promise<LivenessSession> {
    KycService.assertOpen(await this.repository.findDocument(userId));
    const bizNo = randomBytes(16).toString('hex');
    const expiresAt = new Date(this.deps.clock().getTime() + this.deps.livenessTtlSeconds * 1000);
    const started = await this.providerCall(() => this.deps.provider.startLiveness({ bizNo, baseUrl, lang, expiresAt }));
    const session = await this.repository.insertSession({ bizNo, userId, provider: this.deps.provider.name, providerRef: started.providerRef, expiresAt });
    return this.sessionView(session, started.verifyUrl);
  }

  /** Marks the session and the user's document as passed (or the session as failed), once. */
  private async settle(session: LivenessSessionRow, passed: boolean, faceFileId: string | null): Promise<void> {
    await this.deps.uow.transaction(async () => {
      const settled = await this.repository.settleSession(session.id, passed ? 'passed' : 'failed', passed ? faceFileId : null, this.deps.clock());
      if (!settled || !passed) return;
      const document = await this.repository.lockDocument(session.userId);
      if (document.completedAt) return;
      await this.repository.updateDocument(session.userId, { livenessPassed: true, livenessFileId: faceFileId });
    });
  }

  /**
   * user/liveness/result/get. With `signedResult` (our page's result, posted to the app and by the
   * app to us) the signature, the session, the user and the face file are all checked before
   * anything changes; any mismatch is LIVENESS_REJECTED and changes nothing.
   */
  async livenessResult(userId: string, bizNo: string, signedResult: string | undefined): Promise<LivenessSession> {
    const session = await this.repository.findSession(bizNo);
    if (!session) throw new AppError('LIVENESS_EXPIRED');
    if (session.userId !== userId) throw new AppError('LIVENESS_REJECTED');
    if (signedResult !== undefined && session.status === 'pending') {
      const claim = this.deps.devSigner.verifyResult(signedResult);
      if (!claim || claim.bizNo !== bizNo || claim.sub !== (await this.repository.publicIdOf(userId)) || session.provider !== 'dev') {
        this.deps.log.warn({ bizNo }, 'liveness result refused: signature, session or user does not match');
        throw new AppError('LIVENESS_REJECTED');
      }
      if (session.expiresAt.getTime() < this.deps.clock().getTime()) throw new AppError('LIVENESS_EXPIRED');
      if (claim.passed) {
        const face = claim.face ? await this.deps.files.findOwned(userId, claim.face) : null;
        if (!face) throw new AppError('LIVENESS_REJECTED');
        await this.settle(session, true, face.id);
      } else {
        await this.settle(session, false, null);
      }
    }
    const current = (await this.repository.findSession(bizNo))!;
    if (signedResult !== undefined && current.status === 'failed') throw new AppError('LIVENESS_REJECTED');
    return this.sessionView(current, null);
  }

  /** The development page's session (bizNo with its page token), when usable. */
  private async devSession(bizNo: string, pageToken: string): Promise<LivenessSessionRow> {
    if (!this.deps.devSigner.checkPageToken(bizNo, pageToken)) throw new AppError('LIVENESS_EXPIRED');
    const session = await this.repository.findSession(bizNo);
    if (!session || session.provider !== 'dev' || session.status !== 'pending' || session.expiresAt.getTime() < this.deps.clock().getTime()) {
      throw new AppError('LIVENESS_EXPIRED');
    }
    return session;
  }

  async checkDevPage(bizNo: string, pageToken: string): Promise<void> {
    await this.devSession(bizNo, pageToken);
  }

  /**
   * The development page's frames: cleaned, compared (a still picture fails), the middle one kept
   * as the face; answers the signed result the page posts to the app. Nothing is settled here: the
   * server settles only when the signed result comes back (result/get).
   */
  async devCapture(bizNo: string, pageToken: string, frames: CleanImage[]): Promise<{ result: string; passed: boolean }> {
    const session = await this.devSession(bizNo, pageToken);
    const differences = await Promise.all([frameDifference(frames[0]!.data, frames[1]!.data), frameDifference(frames[1]!.data, frames[2]!.data)]);
    const passed = Math.max(...differences) >= MIN_FRAME_DIFFERENCE;
    let face: StoredFileRow | null = null;
    if (passed) face = await this.deps.files.storeImage(session.userId, 'kyc_liveness', frames[1]!);
    const result = this.deps.devSigner.signResult({
      v: 1,
      bizNo,
      sub: await this.repository.publicIdOf(session.userId),
      passed,
      face: face?.id ?? null,
      iat: Math.floor(this.deps.clock().getTime() / 1000),
    });
    return { result, passed };
  }

  /**
   * Demo data (SEED_DEMO): the user's KYC step finished with the given pictures and ID reading, in
   * one transaction with the KYC item. Does nothing when the step is already finished.
   */
  async seedCompleted(userId: string, images: { front: CleanImage; back: CleanImage; face: CleanImage }, reading: IdCardReading): Promise<boolean> {
    if ((await this.repository.findDocument(userId))?.completedAt) return false;
    await this.deps.uow.transaction(async () => {
      const document = await this.repository.lockDocument(userId);
      if (document.completedAt) return;
      const front = await this.deps.files.storeImage(userId, 'kyc_front', images.front);
      const back = await this.deps.files.storeImage(userId, 'kyc_back', images.back);
      const face = await this.deps.files.storeImage(userId, 'kyc_face', images.face);
      await this.repository.updateDocument(userId, {
        frontFileId: front.id,
        backFileId: back.id,
        faceFileId: face.id,
        cardType: 'CCCD',
        livenessPassed: true,
        livenessProvider: 'demo',
        idCardReading: this.deps.cipher.encrypt(JSON.stringify(reading)),
        completedAt: this.deps.clock(),
      });
      await this.deps.certification.markItem(userId, 'KYC', AUTH_STATE.DONE);
    });
    return true;
  }

  /** The vendor's callback (already authenticated by the provider): settles the session. */
  async vendorResult(result: { bizNo: string; passed: boolean; faceImage: Buffer | null }): Promise<void> {
    const session = await this.repository.findSession(result.bizNo);
    if (!session || session.provider !== this.deps.provider.name) throw new AppError('LIVENESS_EXPIRED');
    if (session.status !== 'pending') return;
    let faceFileId: string | null = null;
    if (result.passed && result.faceImage) faceFileId = (await this.deps.files.storeImage(session.userId, 'kyc_liveness', await cleanImage({ data: result.faceImage }))).id;
    await this.settle(session, result.passed, faceFileId);
  }
}
