import { createHash } from 'node:crypto';
import { INTL_LOCALE, type Language } from '@sen/contract';
import { formatVnd, type CostTable, type Schedule } from '@sen/domain';
import { doReadNumber, ReadingConfig } from 'read-vietnamese-number';

/**
 * The loan's two agreements (issue 11; docs/decisions/071) as versioned documents: the loan
 * agreement ('lease', the family's leaseAgreement page) and the security and collection agreement
 * ('pawn', the family's pawnAgreement page; Sen takes no collateral, so it binds the borrower's
 * undertakings instead: repayment, overdue charges, how we may remind and collect, data use).
 * Each is filled with the borrower's figures — the amount also in Vietnamese words — and the
 * acceptance record keeps the version and the sha256 of exactly the text the borrower could read.
 * A change of wording is a new version: a commit for an older one is refused (AGREEMENT_OUTDATED).
 */

export type AgreementDocument = 'lease' | 'pawn';
export const AGREEMENT_DOCUMENTS: readonly AgreementDocument[] = ['lease', 'pawn'];

/** The current version of each document; bump it with any change of its wording. */
export const AGREEMENT_VERSIONS: Record<AgreementDocument, string> = { lease: 'lease-2026-11-24', pawn: 'pawn-2026-11-24' };

export interface AgreementParties {
  lender: { legalName: string; licence: string | undefined; address: string | undefined; supportPhone: string; productName: string };
  borrower: { fullName: string; idNumberMasked: string; phoneMasked: string };
}

export interface AgreementLoan {
  productName: string;
  /** The Vietnam date the agreement is made (the commit's business date). */
  date: string;
  dailyRatePpm: number;
  overdueRatePpm: number;
  termDays: number;
  planNums: number;
  schedule: Schedule;
  cost: CostTable;
}

const vietnameseWords = (() => {
  const config = new ReadingConfig();
  config.unit = ['đồng'];
  return (amount: bigint) => doReadNumber(amount, config);
})();

/** '091****678'. */
export function maskPhone(phone: string): string {
  return phone.length >= 7 ? `${phone.slice(0, 3)}****${phone.slice(-3)}` : '****';
}

// Built once: a formatter per call costs more than the rest of an agreement (profiled under commit load).
const formats = <T>(make: (locale: string) => T) => ({ vn: make(INTL_LOCALE.vn), en: make(INTL_LOCALE.en), zh: make(INTL_LOCALE.zh) }) as Record<Language, T>;
const RATE_FORMAT = formats((locale) => new Intl.NumberFormat(locale, { maximumFractionDigits: 4 }));
const APR_FORMAT = formats((locale) => new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

/** A daily rate in ppm as a percentage in the language's way (vn '0,04%', en '0.04%'), over `days` days. */
const percentOf = (lang: Language) => (ppm: number, days = 1) => `${RATE_FORMAT[lang].format((ppm * days) / 10_000)}%`;

interface Labels {
  title: Record<AgreementDocument, string>;
  lender: string;
  borrower: string;
  idNumber: string;
  phone: string;
  licence: string;
  address: string;
  date: string;
  version: string;
  amount: string;
  inWords: string;
  received: string;
  term: string;
  days: string;
  perDay: string;
  instalments: string;
  dailyRate: string;
  yearly: string;
  serviceFee: string;
  interest: string;
  total: string;
  apr: string;
  schedule: string;
  scheduleRow: (part: number, due: string, total: string, principal: string, interest: string, fee: string) => string;
  overdue: string;
  lease: (loan: AgreementLoan, money: (amount: bigint) => string, percent: (ppm: number) => string) => string[];
  pawn: (loan: AgreementLoan, money: (amount: bigint) => string, support: string) => string[];
}

const LABELS: Record<Language, Labels> = {
  vn: {
    title: { lease: 'HỢP ĐỒNG CHO VAY TIÊU DÙNG', pawn: 'THỎA THUẬN CAM KẾT TRẢ NỢ VÀ THU HỒI NỢ' },
    lender: 'Bên cho vay',
    borrower: 'Bên vay',
    idNumber: 'Số CCCD/CMND',
    phone: 'Số điện thoại',
    licence: 'Giấy phép',
    address: 'Địa chỉ',
    date: 'Ngày lập',
    version: 'Phiên bản',
    amount: 'Số tiền vay',
    inWords: 'Bằng chữ',
    received: 'Số tiền thực nhận',
    term: 'Thời hạn vay',
    days: 'ngày',
    perDay: 'một ngày',
    instalments: 'Số kỳ trả',
    dailyRate: 'Lãi suất',
    yearly: 'một năm',
    serviceFee: 'Phí dịch vụ',
    interest: 'Tổng tiền lãi',
    total: 'Tổng số tiền phải trả',
    apr: 'Lãi suất thực tế hằng năm (đã gồm phí)',
    schedule: 'Lịch trả nợ',
    scheduleRow: (part, due, total, principal, interest, fee) => `Kỳ ${part} – hạn ${due}: ${total} (gốc ${principal}, lãi ${interest}, phí ${fee})`,
    overdue: 'Phí quá hạn',
    lease: (loan, money, percent) => [
      'Điều 1. Bên cho vay cho Bên vay vay số tiền nêu trên, chuyển vào tài khoản nhận tiền Bên vay đã đăng ký. Ngày giải ngân là ngày bắt đầu tính lãi; các ngày đến hạn được tính theo lịch Việt Nam từ ngày giải ngân.',
      `Điều 2. Lãi được tính hằng ngày trên dư nợ gốc thực tế với lãi suất ${percent(loan.dailyRatePpm)} một ngày, không vượt mức trần theo Điều 468 Bộ luật Dân sự. Trả trước hạn chỉ tính lãi cho số ngày thực tế sử dụng.`,
      `Điều 3. Khoản nợ gốc quá hạn chịu phí quá hạn ${percent(loan.overdueRatePpm)} một ngày, không vượt quá 150% lãi suất trong hạn. Không tính lãi trên lãi hoặc trên phí.`,
      'Điều 4. Tiền trả nợ được trừ lần lượt vào phí quá hạn, phí dịch vụ, lãi rồi gốc, kỳ cũ trước. Số tiền trả thừa được giữ cho Bên vay và hoàn lại theo yêu cầu.',
      `Điều 5. Hợp đồng có hiệu lực khi Bên vay xác nhận điện tử và Bên cho vay giải ngân ${money(loan.cost.received)}; chấm dứt khi Bên vay trả hết nợ.`,
    ],
    pawn: (loan, money, support) => [
      `Điều 1. Bên vay cam kết trả đủ ${money(loan.cost.totalRepayable)} theo lịch trả nợ, bằng chuyển khoản vào tài khoản thu hộ của Bên cho vay với nội dung chuyển khoản được cung cấp trong ứng dụng.`,
      'Điều 2. Khoản vay không có tài sản bảo đảm. Bên vay cam kết thông tin cá nhân và tài khoản nhận tiền đã cung cấp là đúng và thuộc về mình.',
      'Điều 3. Bên cho vay chỉ nhắc nợ Bên vay qua ứng dụng và tin nhắn tới số điện thoại của Bên vay, trong khung giờ 07:00–21:00, không quá số lần cho phép mỗi ngày; không liên hệ người thân, người tham chiếu hay bên thứ ba để đòi nợ.',
      'Điều 4. Dữ liệu cá nhân của Bên vay chỉ được xử lý để thẩm định, giải ngân, thu nợ và tuân thủ pháp luật, theo Chính sách quyền riêng tư Bên vay đã đồng ý.',
      `Điều 5. Mọi thắc mắc, khiếu nại xin liên hệ tổng đài ${support}.`,
    ],
  },
  en: {
    title: { lease: 'CONSUMER LOAN AGREEMENT', pawn: 'REPAYMENT AND COLLECTION UNDERTAKING' },
    lender: 'Lender',
    borrower: 'Borrower',
    idNumber: 'ID number',
    phone: 'Phone',
    licence: 'Licence',
    address: 'Address',
    date: 'Date',
    version: 'Version',
    amount: 'Loan amount',
    inWords: 'In words (Vietnamese)',
    received: 'Amount received',
    term: 'Loan term',
    days: 'days',
    perDay: 'a day',
    instalments: 'Instalments',
    dailyRate: 'Interest rate',
    yearly: 'a year',
    serviceFee: 'Service fee',
    interest: 'Total interest',
    total: 'Total to repay',
    apr: 'Annual percentage rate (fees included)',
    schedule: 'Repayment schedule',
    scheduleRow: (part, due, total, principal, interest, fee) => `Instalment ${part} – due ${due}: ${total} (principal ${principal}, interest ${interest}, fee ${fee})`,
    overdue: 'Overdue fee',
    lease: (loan, money, percent) => [
      "1. The Lender lends the Borrower the amount above, paid to the receiving account the Borrower registered. Interest runs from the day of payout; due dates are counted on Vietnam's calendar from that day.",
      `2. Interest accrues daily on the principal actually outstanding at ${percent(loan.dailyRatePpm)} a day, within the cap of Article 468 of the Civil Code. Early repayment pays interest only for the days used.`,
      `3. Overdue principal bears an overdue fee of ${percent(loan.overdueRatePpm)} a day, at most 150% of the in-term rate. No interest is charged on interest or on fees.`,
      '4. Repayments settle the overdue fee, the service fee, interest and then principal, oldest instalment first. Any overpayment is held for the Borrower and refunded on request.',
      `5. This agreement takes effect when the Borrower confirms it electronically and the Lender pays out ${money(loan.cost.received)}; it ends when the Borrower has repaid in full.`,
    ],
    pawn: (loan, money, support) => [
      `1. The Borrower undertakes to repay ${money(loan.cost.totalRepayable)} on the schedule, by bank transfer to the Lender's collection account with the transfer content given in the app.`,
      '2. The loan is unsecured. The Borrower confirms that the personal details and the receiving account given are true and their own.',
      "3. The Lender reminds the Borrower only through the app and by text message to the Borrower's own phone, between 07:00 and 21:00 and no more often than allowed each day; it never contacts relatives, references or third parties to collect.",
      "4. The Borrower's personal data is processed only to assess, pay out, collect and comply with the law, under the Privacy Policy the Borrower accepted.",
      `5. Questions and complaints: call ${support}.`,
    ],
  },
  zh: {
    title: { lease: '消费贷款合同', pawn: '还款及催收承诺书' },
    lender: '贷款方',
    borrower: '借款方',
    idNumber: '身份证号',
    phone: '电话',
    licence: '许可证',
    address: '地址',
    date: '签订日期',
    version: '版本',
    amount: '借款金额',
    inWords: '大写（越南语）',
    received: '实际到账金额',
    term: '借款期限',
    days: '天',
    perDay: '每天',
    instalments: '分期数',
    dailyRate: '利率',
    yearly: '每年',
    serviceFee: '服务费',
    interest: '利息合计',
    total: '应还总额',
    apr: '年化利率（含费用）',
    schedule: '还款计划',
    scheduleRow: (part, due, total, principal, interest, fee) => `第 ${part} 期 – 到期日 ${due}：${total}（本金 ${principal}，利息 ${interest}，费用 ${fee}）`,
    overdue: '逾期费',
    lease: (loan, money, percent) => [
      '第一条 贷款方向借款方发放上述借款，打入借款方登记的收款账户。自放款之日起计息；到期日按越南日历自放款日起计算。',
      `第二条 利息按实际未还本金每日计算，日利率 ${percent(loan.dailyRatePpm)}，不超过《民法典》第468条规定的上限。提前还款仅按实际使用天数计息。`,
      `第三条 逾期本金按每日 ${percent(loan.overdueRatePpm)} 收取逾期费，不超过期内利率的150%。不对利息或费用计息。`,
      '第四条 还款依次冲抵逾期费、服务费、利息、本金，先还最早一期。多还部分为借款方保留，可申请退还。',
      `第五条 本合同自借款方电子确认且贷款方放款 ${money(loan.cost.received)} 时生效，借款方还清全部款项时终止。`,
    ],
    pawn: (loan, money, support) => [
      `第一条 借款方承诺按还款计划归还 ${money(loan.cost.totalRepayable)}，通过银行转账至贷款方收款账户，并填写应用内提供的转账附言。`,
      '第二条 本借款无担保物。借款方确认所提供的个人信息和收款账户真实且属于本人。',
      '第三条 贷款方仅通过应用及发送至借款方本人手机的短信提醒还款，时间在07:00至21:00之间，且每日不超过允许的次数；不会联系亲属、联系人或任何第三方催收。',
      '第四条 借款方的个人数据仅用于审核、放款、收款及依法合规，遵循借款方已同意的隐私政策。',
      `第五条 如有疑问或投诉，请致电 ${support}。`,
    ],
  },
};

const dateText = (date: string) => {
  const [year, month, day] = date.split('-');
  return `${day}/${month}/${year}`;
};

/** The agreement filled with the parties and the loan, in a language (plain text, one line per paragraph). */
export function fillAgreement(document: AgreementDocument, lang: Language, parties: AgreementParties, loan: AgreementLoan): { title: string; text: string } {
  const l = LABELS[lang];
  const money = (amount: bigint) => formatVnd(amount, lang, { symbol: true });
  const percent = percentOf(lang);
  const { lender, borrower } = parties;
  const known = (text: string) => text.trim() || '—';
  const lines = [
    l.title[document],
    `${l.version}: ${AGREEMENT_VERSIONS[document]} · ${l.date}: ${dateText(loan.date)}`,
    '',
    `${l.lender}: ${lender.legalName} (${lender.productName})${lender.licence ? ` · ${l.licence}: ${lender.licence}` : ''}${lender.address ? ` · ${l.address}: ${lender.address}` : ''}`,
    `${l.borrower}: ${known(borrower.fullName)} · ${l.idNumber}: ${known(borrower.idNumberMasked)} · ${l.phone}: ${known(borrower.phoneMasked)}`,
    '',
    `${l.amount}: ${money(loan.cost.principal)}`,
    `${l.inWords}: ${vietnameseWords(loan.cost.principal)}`,
    `${l.received}: ${money(loan.cost.received)}`,
    `${l.term}: ${loan.termDays} ${l.days} · ${l.instalments}: ${loan.planNums}`,
    `${l.dailyRate}: ${percent(loan.dailyRatePpm)} ${l.perDay} (${percent(loan.dailyRatePpm, 365)} ${l.yearly})`,
    `${l.serviceFee}: ${money(loan.cost.serviceFee)}`,
    `${l.interest}: ${money(loan.cost.interest)}`,
    `${l.total}: ${money(loan.cost.totalRepayable)}`,
    `${l.apr}: ${APR_FORMAT[lang].format(loan.cost.annualRate.aprPercent)}%`,
    `${l.overdue}: ${percent(loan.overdueRatePpm)} ${l.perDay}`,
    '',
    `${l.schedule}:`,
    ...loan.schedule.instalments.map((row) => l.scheduleRow(row.planPart, dateText(row.dueDate), money(row.total), money(row.principal), money(row.interest), money(row.fee))),
    '',
    ...(document === 'lease' ? l.lease(loan, money, percent) : l.pawn(loan, money, lender.supportPhone)),
  ];
  return { title: l.title[document], text: lines.join('\n') };
}

export function textHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}
