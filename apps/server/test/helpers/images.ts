import sharp from 'sharp';

/**
 * Test images made at run time (no binary blobs in git): a JPEG with EXIF (GPS, camera) and an
 * orientation, a PNG, a PDF renamed .jpg, a cut-off JPEG, and oversized bodies.
 */
export async function sampleJpeg(options: { width?: number; height?: number; color?: string; exif?: boolean } = {}): Promise<Buffer> {
  const { width = 640, height = 400, color = '#3b82f6', exif = true } = options;
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="100%" height="100%" fill="${color}"/><circle cx="${width / 2}" cy="${height / 2}" r="${Math.min(width, height) / 4}" fill="#fde68a"/><text x="20" y="40" font-size="28" fill="#111">SEN TEST</text></svg>`;
  let image = sharp(Buffer.from(svg));
  if (exif) {
    image = image.withMetadata({
      orientation: 6,
      exif: { IFD0: { Make: 'TestCam', Model: 'Serial-12345', Copyright: 'secret-owner' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '21/1 1/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '105/1 51/1 0/1' } },
    });
  }
  return image.jpeg({ quality: 90 }).toBuffer();
}

export async function samplePng(width = 500, height = 500): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 200, g: 30, b: 30, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

/** A real-looking PDF: what a user gets when they rename report.pdf to photo.jpg. */
export function samplePdf(): Buffer {
  return Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );
}

/** The first 60% of a JPEG: the header is right, the picture is cut off. */
export async function truncatedJpeg(): Promise<Buffer> {
  const whole = await sampleJpeg({ width: 800, height: 600, exif: false });
  return whole.subarray(0, Math.floor(whole.length * 0.6));
}

/** `bytes` bytes starting with a JPEG signature (too large to be decoded, checked by size first). */
export function oversizedJpegLike(bytes: number): Buffer {
  const data = Buffer.alloc(bytes, 0x41);
  data.set([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00], 0);
  return data;
}
