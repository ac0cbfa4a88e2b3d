import sharp from 'sharp';
import type { IdCardReading } from '../../providers/ekyc/ekyc-provider.ts';
import { cleanImage, type CleanImage } from '../../shared/uploads/image-upload.ts';

/** What the demo user's ID card "says" (prefills the personal-data form like a provider reading). */
export const DEMO_ID_CARD: IdCardReading = {
  name: 'NGUYỄN VĂN DEMO',
  idNumber: '001095000001',
  birthday: '1995-01-01',
  gender: 'male',
  address: 'Số 1 Tràng Tiền, Phường Hoàn Kiếm, Hà Nội',
};

function svg(width: number, height: number, body: string): Buffer {
  return Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">${body}</svg>`);
}

/**
 * The demo user's ID card sides and face, drawn at seed time (no binary files in git), marked
 * DEMO so nobody mistakes them for a real document; checked and re-encoded like any upload.
 */
export async function demoKycImages(): Promise<{ front: CleanImage; back: CleanImage; face: CleanImage }> {
  const front = svg(
    1200,
    760,
    `<rect width="1200" height="760" rx="36" fill="#dbeafe"/><rect x="24" y="24" width="1152" height="712" rx="28" fill="none" stroke="#1e3a8a" stroke-width="6"/>` +
      `<text x="600" y="96" font-size="40" text-anchor="middle" fill="#991b1b" font-family="sans-serif">CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM</text>` +
      `<text x="600" y="150" font-size="44" text-anchor="middle" fill="#1e3a8a" font-family="sans-serif" font-weight="bold">CĂN CƯỚC CÔNG DÂN</text>` +
      `<rect x="70" y="220" width="280" height="360" fill="#94a3b8"/><circle cx="210" cy="340" r="80" fill="#e2e8f0"/><rect x="120" y="440" width="180" height="120" rx="60" fill="#e2e8f0"/>` +
      `<text x="400" y="260" font-size="34" fill="#111827" font-family="sans-serif">Số / No.: ${DEMO_ID_CARD.idNumber}</text>` +
      `<text x="400" y="330" font-size="34" fill="#111827" font-family="sans-serif">Họ và tên: ${DEMO_ID_CARD.name}</text>` +
      `<text x="400" y="400" font-size="34" fill="#111827" font-family="sans-serif">Ngày sinh: 01/01/1995   Giới tính: Nam</text>` +
      `<text x="400" y="470" font-size="34" fill="#111827" font-family="sans-serif">Quê quán: Hà Nội</text>` +
      `<text x="600" y="690" font-size="90" text-anchor="middle" fill="#dc2626" fill-opacity="0.35" font-family="sans-serif" font-weight="bold">DEMO</text>`,
  );
  const back = svg(
    1200,
    760,
    `<rect width="1200" height="760" rx="36" fill="#dcfce7"/><rect x="24" y="24" width="1152" height="712" rx="28" fill="none" stroke="#166534" stroke-width="6"/>` +
      `<rect x="80" y="120" width="200" height="150" rx="18" fill="#eab308"/><rect x="900" y="100" width="220" height="220" fill="#111827"/><rect x="930" y="130" width="160" height="160" fill="#f8fafc"/>` +
      `<text x="80" y="420" font-size="34" fill="#111827" font-family="sans-serif">Đặc điểm nhận dạng: Nốt ruồi cách 2cm dưới mắt trái</text>` +
      `<text x="80" y="620" font-size="34" fill="#111827" font-family="monospace">IDVNM0950000011001095000001&lt;&lt;3</text>` +
      `<text x="600" y="520" font-size="90" text-anchor="middle" fill="#dc2626" fill-opacity="0.35" font-family="sans-serif" font-weight="bold">DEMO</text>`,
  );
  const face = svg(
    720,
    960,
    `<rect width="720" height="960" fill="#cbd5e1"/><ellipse cx="360" cy="420" rx="190" ry="250" fill="#f1c27d"/><path d="M170 330 Q360 120 550 330 L550 260 Q360 60 170 260 Z" fill="#1f2937"/>` +
      `<circle cx="290" cy="400" r="18" fill="#1f2937"/><circle cx="430" cy="400" r="18" fill="#1f2937"/><path d="M290 540 Q360 590 430 540" stroke="#7f1d1d" stroke-width="12" fill="none"/>` +
      `<rect x="160" y="700" width="400" height="260" rx="120" fill="#2563eb"/><text x="360" y="910" font-size="70" text-anchor="middle" fill="#ffffff" font-family="sans-serif" font-weight="bold">DEMO</text>`,
  );
  const encode = async (image: Buffer) => cleanImage({ data: await sharp(image).jpeg({ quality: 90 }).toBuffer() });
  return { front: await encode(front), back: await encode(back), face: await encode(face) };
}
