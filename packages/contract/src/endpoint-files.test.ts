import { describe, expect, expectTypeOf, it } from 'vitest';
import { allEndpoints, endpoints } from './api/endpoints.ts';
import { IMAGE_CONTENT_TYPES, type EndpointCallInput, type EndpointFiles } from './endpoint.ts';
import { IMAGE_UPLOAD_MAX_BYTES } from './constants.ts';

describe('multipart endpoints: typed file parts', () => {
  it('types a required part as a Blob and an optional one as a Blob that may be left out', () => {
    expectTypeOf<EndpointFiles<typeof endpoints.kycSave>>().toEqualTypeOf<{ image: Blob } & { [key in never]?: Blob | undefined }>();
    expectTypeOf<EndpointFiles<typeof endpoints.orderCommit>>().toEqualTypeOf<{ [key in never]: Blob } & { eventFile?: Blob | undefined; signPic?: Blob | undefined }>();
    expectTypeOf<EndpointCallInput<typeof endpoints.kycSave>>().toHaveProperty('image');
    expectTypeOf<EndpointCallInput<typeof endpoints.kycSave>>().toHaveProperty('imgType');
    // A JSON endpoint has no files to give.
    expectTypeOf<EndpointFiles<typeof endpoints.kycInfo>>().toEqualTypeOf<{ [key in never]: Blob } & { [key in never]?: Blob | undefined }>();
  });

  it('declares every multipart endpoint’s parts with what the server enforces on images', () => {
    const multipart = Object.values(endpoints).filter((endpoint) => endpoint.bodyEncoding === 'multipart');
    expect(multipart.map((endpoint) => endpoint.id).sort()).toEqual(
      expect.arrayContaining(['commitOrder', 'saveKycImage', 'saveKycFace', 'submitFeedbackWithImages']),
    );
    for (const endpoint of multipart) expect(endpoint.fileParts?.length, endpoint.id).toBeGreaterThan(0);
    const imageParts = [endpoints.kycSave.fileParts?.[0], endpoints.kycFace.fileParts?.[0], endpoints.orderCommit.fileParts?.[1]];
    for (const part of imageParts) {
      expect(part?.contentTypes).toEqual(IMAGE_CONTENT_TYPES);
      expect(part?.maxBytes).toBe(IMAGE_UPLOAD_MAX_BYTES);
    }
  });

  it('lists the too-large refusal an endpoint names in its errors (a statement names its own, not the image one)', () => {
    const naming = allEndpoints.filter((endpoint) => endpoint.fileTooLarge !== undefined);
    expect(naming.map((endpoint) => [endpoint.id, endpoint.fileTooLarge])).toEqual([['adminImportStatement', 'STATEMENT_TOO_LARGE']]);
    for (const endpoint of naming) expect(endpoint.errors, endpoint.id).toContain(endpoint.fileTooLarge);
  });
});
