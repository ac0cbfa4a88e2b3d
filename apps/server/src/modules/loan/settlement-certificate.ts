import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import fontkit from '@pdf-lib/fontkit';
import { vietnamDateTime } from '@sen/domain';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';

/**
 * The confirmation of settlement a settled loan's borrower downloads (issue 23; decision 101): one
 * A4 page, every line in Vietnamese and English, drawn with Noto Sans (SIL Open Font Licence 1.1,
 * from @expo-google-fonts/noto-sans), embedded whole so Vietnamese diacritics print as typed: a
 * subset made by @pdf-lib/fontkit 1.1.1 of this font renders most glyphs blank (seen with poppler),
 * so the certificate carries the two fonts (about 640 KB) rather than risk an unreadable document.
 */
export interface SettlementFacts {
  lender: { legalName: string; licence?: string | undefined; address?: string | undefined; productName: string };
  borrower: { fullName: string; idNumberMasked: string };
  orderNo: string;
  principal: bigint;
  totalPaid: bigint;
  settledAt: Date;
  issuedAt: Date;
}

const require = createRequire(import.meta.url);
let fonts: Promise<{ regular: Uint8Array; bold: Uint8Array }> | null = null;

/** The font files, read once per process; a failed read is tried again at the next certificate. */
function loadFonts(): Promise<{ regular: Uint8Array; bold: Uint8Array }> {
  fonts ??= Promise.all([
    readFile(require.resolve('@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf')),
    readFile(require.resolve('@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf')),
  ]).then(
    ([regular, bold]) => ({ regular, bold }),
    (error: unknown) => {
      // A transient error (EMFILE under load) must not leave every later certificate failing.
      fonts = null;
      throw error;
    },
  );
  return fonts;
}

/** VND as Vietnamese write it: 5.000.000 VND. */
export function formatVnd(amount: bigint): string {
  return `${new Intl.NumberFormat('vi-VN', { maximumFractionDigits: 0 }).format(amount)} VND`;
}

/** An instant in Vietnam time: dd/MM/yyyy HH:mm. */
export function vietnamTimeText(instant: Date): string {
  const [date, time] = vietnamDateTime(instant).split(' ') as [string, string];
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year} ${time.slice(0, 5)}`;
}

const INK = rgb(0.12, 0.14, 0.16);
const MUTED = rgb(0.42, 0.45, 0.5);
const LINE = rgb(0.85, 0.87, 0.9);
const MARGIN = 56;

/** Splits `text` into lines no wider than `width` at `size`. */
function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(next, size) > width) {
      lines.push(line);
      line = word;
    } else {
      line = next;
    }
  }
  if (line) lines.push(line);
  return lines;
}

export async function settlementCertificatePdf(facts: SettlementFacts): Promise<Uint8Array> {
  const document = await PDFDocument.create();
  document.registerFontkit(fontkit);
  const { regular: regularBytes, bold: boldBytes } = await loadFonts();
  const regular = await document.embedFont(regularBytes, { subset: false });
  const bold = await document.embedFont(boldBytes, { subset: false });
  document.setTitle(`Giấy xác nhận tất toán / Confirmation of settlement ${facts.orderNo}`);
  document.setSubject(facts.orderNo);
  document.setAuthor(facts.lender.legalName);
  document.setProducer(facts.lender.productName);
  document.setCreationDate(facts.issuedAt);
  document.setModificationDate(facts.issuedAt);

  const page: PDFPage = document.addPage([595.28, 841.89]);
  const width = page.getWidth() - 2 * MARGIN;
  let y = page.getHeight() - MARGIN;
  const text = (value: string, options: { font?: PDFFont; size?: number; color?: ReturnType<typeof rgb>; x?: number } = {}) => {
    const font = options.font ?? regular;
    const size = options.size ?? 11;
    for (const line of wrap(value, font, size, width - ((options.x ?? MARGIN) - MARGIN))) {
      page.drawText(line, { x: options.x ?? MARGIN, y, size, font, color: options.color ?? INK });
      y -= size * 1.45;
    }
  };
  const centred = (value: string, font: PDFFont, size: number, color = INK) => {
    page.drawText(value, { x: (page.getWidth() - font.widthOfTextAtSize(value, size)) / 2, y, size, font, color });
    y -= size * 1.5;
  };
  const rule = () => {
    y -= 4;
    page.drawLine({ start: { x: MARGIN, y }, end: { x: MARGIN + width, y }, thickness: 0.8, color: LINE });
    y -= 16;
  };

  centred('CỘNG HÒA XÃ HỘI CHỦ NGHĨA VIỆT NAM', bold, 11);
  centred('Độc lập - Tự do - Hạnh phúc', regular, 11);
  y -= 18;
  centred('GIẤY XÁC NHẬN TẤT TOÁN KHOẢN VAY', bold, 17);
  centred('CONFIRMATION OF LOAN SETTLEMENT', bold, 12, MUTED);
  y -= 6;
  rule();

  const lenderLine = [facts.lender.legalName, facts.lender.licence].filter(Boolean).join(' · ');
  const rows: Array<[string, string, string]> = [
    ['Bên cho vay', 'Lender', lenderLine],
    ...(facts.lender.address ? [['Địa chỉ', 'Address', facts.lender.address] as [string, string, string]] : []),
    ['Bên vay', 'Borrower', facts.borrower.fullName || '—'],
    ['Số CCCD/CMND', 'ID number', facts.borrower.idNumberMasked || '—'],
    ['Số hợp đồng (đơn vay)', 'Order number', facts.orderNo],
    ['Số tiền vay gốc', 'Principal', formatVnd(facts.principal)],
    ['Tổng số tiền đã thanh toán', 'Total paid', formatVnd(facts.totalPaid)],
    ['Ngày tất toán (giờ Việt Nam)', 'Settlement date (Vietnam time)', vietnamTimeText(facts.settledAt)],
  ];
  const valueX = MARGIN + 210;
  for (const [vi, en, value] of rows) {
    const top = y;
    page.drawText(vi, { x: MARGIN, y, size: 10.5, font: bold, color: INK });
    page.drawText(en, { x: MARGIN, y: y - 13, size: 9, font: regular, color: MUTED });
    text(value, { font: bold, size: 11, x: valueX });
    y = Math.min(y, top - 13) - 16;
  }
  rule();

  text(
    `${facts.lender.legalName} xác nhận khoản vay số ${facts.orderNo} nêu trên đã được thanh toán đầy đủ vào ngày ${vietnamTimeText(facts.settledAt).slice(0, 10)}. Bên vay không còn nghĩa vụ trả nợ nào đối với khoản vay này.`,
  );
  y -= 4;
  text(
    `${facts.lender.legalName} confirms that loan ${facts.orderNo} above was repaid in full on ${vietnamTimeText(facts.settledAt).slice(0, 10)}. The borrower has no remaining repayment obligation under this loan.`,
    { color: MUTED },
  );
  y -= 24;
  text(`Ngày cấp / Issued: ${vietnamTimeText(facts.issuedAt)} (giờ Việt Nam / Vietnam time)`, { size: 10 });
  text(`${facts.lender.productName} — ${facts.lender.legalName}`, { size: 10, color: MUTED });
  return document.save();
}
