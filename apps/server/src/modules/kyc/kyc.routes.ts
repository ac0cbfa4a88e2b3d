import { randomBytes } from 'node:crypto';
import { endpoints } from '@sen/contract';
import type { FastifyInstance } from 'fastify';
import { devLivenessPage } from '../../providers/ekyc/dev-liveness-page.ts';
import { EkycCallbackError } from '../../providers/ekyc/ekyc-provider.ts';
import { AppError } from '../../shared/app-error.ts';
import type { Composition } from '../../compose.ts';
import { publicBaseUrl } from '../../shared/public-url.ts';
import { registerEndpoint } from '../../shared/register-endpoint.ts';
import type { SenRouteFlags } from '../../types.ts';

/**
 * KYC (issue 9; API-FAMILY.md §5.2-5.5; decisions 040 and 041): ID-card photos and the selfie
 * (multipart, checked by shared/uploads), the face-liveness session and its verified result,
 * the end of the step (marks the KYC item), and the eKYC provider's page and callback.
 */
export function registerKycRoutes(app: FastifyInstance, { infra, services: { kyc } }: Composition): void {

  registerEndpoint(app, endpoints.kycConfig, async () => kyc.config());

  registerEndpoint(app, endpoints.kycSave, async ({ input, session, files }) => {
    await kyc.saveIdImage(session.userId, input.imgType, input.cardType, files.image);
    return null;
  });

  // livenessDataFile (a liveness SDK's result) is accepted and left unused: it proves no liveness.
  registerEndpoint(app, endpoints.kycFace, async ({ session, files }) => {
    await kyc.saveFace(session.userId, files.faceFile);
    return null;
  });

  registerEndpoint(app, endpoints.kycFaceCompare, async ({ session }) => {
    await kyc.finish(session.userId);
    return null;
  });

  registerEndpoint(app, endpoints.kycInfo, async ({ session }) => kyc.info(session.userId));

  registerEndpoint(app, endpoints.livenessStart, async ({ request, session }) => kyc.startLiveness(session.userId, publicBaseUrl(infra.config, request), request.lang));

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

  registerEndpoint(app, endpoints.livenessDevCapture, async ({ input, files }) => kyc.devCapture(input.bizNo, input.pt, [files.frame1, files.frame2, files.frame3]), {
    // No session here: the page token and a pending session come first, before any image is decoded.
    guard: async ({ input }) => kyc.checkDevPage(input.bizNo, input.pt),
  });

  registerEndpoint(app, endpoints.ekycCallback, async ({ request }) => {
    let result;
    try {
      result = infra.ekyc.readCallback(request.rawBody ?? '', request.headers);
    } catch (error) {
      if (error instanceof EkycCallbackError) {
        request.log.warn({ reason: error.message }, 'eKYC callback refused');
        infra.metrics.webhook('ekyc', 'refused');
        throw new AppError('LIVENESS_REJECTED');
      }
      throw error;
    }
    await kyc.vendorResult(result);
    infra.metrics.webhook('ekyc', 'accepted');
    return null;
  });
}
