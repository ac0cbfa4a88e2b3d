import { randomBytes } from 'node:crypto';
import { endpoints } from '@sen/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createEkycProvider } from '../../providers/ekyc/create-ekyc-provider.ts';
import { DevLivenessSigner } from '../../providers/ekyc/dev-liveness.ts';
import { devLivenessPage } from '../../providers/ekyc/dev-liveness-page.ts';
import { EkycCallbackError, type EkycProvider } from '../../providers/ekyc/ekyc-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import { globalPlugin } from '../../shared/plugin.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import { acceptImagePart } from '../../shared/uploads/image-upload.ts';
import type { SenRouteFlags } from '../../types.ts';
import { KycRepository } from './kyc.repository.ts';
import { KycService } from './kyc.service.ts';

export type { KycService } from './kyc.service.ts';
export type { IdCardReading } from '../../providers/ekyc/ekyc-provider.ts';
export { DEMO_ID_CARD, demoKycImages } from './demo-kyc.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** KYC: `idCardReading(userId)` prefills the personal-data form; `info`, `finish`, ... */
    kyc: KycService;
  }
}

export interface KycModuleOptions {
  /** Tests pass a provider (e.g. the FPT-style adapter pointed at a local fake). */
  provider?: EkycProvider;
}

/** This server's public origin: PUBLIC_BASE_URL, else the request's own. */
function baseUrlOf(app: FastifyInstance, request: FastifyRequest): string {
  return app.infra.config.ekyc.publicBaseUrl ?? `${request.protocol}://${request.host}`;
}

/**
 * KYC (issue 9; API-FAMILY.md §5.2-5.5; decisions 040 and 041): ID-card photos and the selfie
 * (multipart, checked by shared/uploads), the face-liveness session and its verified result,
 * the end of the step (marks the KYC item), and the eKYC provider's page and callback.
 */
export const kycModule = globalPlugin('sen-kyc', async (app: FastifyInstance, options: KycModuleOptions = {}) => {
  const devSigner = new DevLivenessSigner(app.infra.secrets.otpPepper);
  const provider = options.provider ?? createEkycProvider(app.infra.config, devSigner);
  const kyc = new KycService({
    uow: app.infra.database.uow,
    repository: new KycRepository(app.infra.database.uow),
    files: app.files,
    storage: app.infra.storage,
    certification: app.certification,
    provider,
    devSigner,
    cipher: app.infra.secrets.fieldCipher,
    clock: app.infra.clock,
    livenessTtlSeconds: app.infra.config.ekyc.livenessTtlSeconds,
    log: app.log,
  });
  app.decorate('kyc', kyc);
  // The borrower's data export (issue 13): the KYC document without its pictures' bytes.
  app.dataExport.addSection('kyc', (userId) => kyc.exportFor(userId));

  registerEndpoint(app, endpoints.kycConfig, async () => kyc.config());

  registerEndpoint(app, endpoints.kycSave, async ({ input, request, session }) => {
    const image = await acceptImagePart(request, 'image');
    await kyc.saveIdImage(session.userId, input.imgType, input.cardType, image);
    return null;
  });

  registerEndpoint(app, endpoints.kycFace, async ({ request, session }) => {
    const image = await acceptImagePart(request, 'faceFile');
    await kyc.saveFace(session.userId, image);
    return null;
  });

  registerEndpoint(app, endpoints.kycFaceCompare, async ({ session }) => {
    await kyc.finish(session.userId);
    return null;
  });

  registerEndpoint(app, endpoints.kycInfo, async ({ session }) => kyc.info(session.userId));

  registerEndpoint(app, endpoints.livenessStart, async ({ request, session }) => kyc.startLiveness(session.userId, baseUrlOf(app, request), request.lang));

  registerEndpoint(app, endpoints.livenessResult, async ({ input, session }) => kyc.livenessResult(session.userId, input.bizNo, input.livenessResult));

  // The development provider's page: HTML (not an envelope), its own CSP with a script nonce and
  // the camera allowed; framed by our own origin only.
  const pageEndpoint = endpoints.livenessDevPage;
  const pageFlags: SenRouteFlags = { signed: false, auth: 'none', endpointId: pageEndpoint.id };
  app.get<{ Querystring: { bizNo?: string; pt?: string; lang?: string } }>(pageEndpoint.path, { config: { sen: pageFlags } }, async (request, reply) => {
    const { bizNo, pt, lang } = request.query ?? {};
    if (typeof bizNo !== 'string' || !/^[0-9a-f]{32}$/.test(bizNo) || typeof pt !== 'string') throw new AppError('LIVENESS_EXPIRED');
    await kyc.checkDevPage(bizNo, pt);
    const nonce = randomBytes(16).toString('base64');
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header(
        'content-security-policy',
        `default-src 'none'; script-src 'nonce-${nonce}'; style-src 'unsafe-inline'; img-src 'self' data: blob:; media-src 'self' blob: mediastream:; connect-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'`,
      )
      .header('permissions-policy', 'camera=(self)')
      .send(devLivenessPage({ bizNo, pageToken: pt, lang: lang === 'en' || lang === 'zh' ? lang : 'vn', nonce }));
  });

  registerEndpoint(app, endpoints.livenessDevCapture, async ({ input, request }) => {
    // No session here: the page token and a pending session come first, before any image is decoded.
    await kyc.checkDevPage(input.bizNo, input.pt);
    const frames = [await acceptImagePart(request, 'frame1'), await acceptImagePart(request, 'frame2'), await acceptImagePart(request, 'frame3')];
    return kyc.devCapture(input.bizNo, input.pt, frames);
  });

  registerEndpoint(app, endpoints.ekycCallback, async ({ request }) => {
    let result;
    try {
      result = provider.readCallback(request.rawBody ?? '', request.headers);
    } catch (error) {
      if (error instanceof EkycCallbackError) {
        request.log.warn({ reason: error.message }, 'eKYC callback refused');
        throw new AppError('LIVENESS_REJECTED');
      }
      throw error;
    }
    await kyc.vendorResult(result);
    return null;
  });
});
