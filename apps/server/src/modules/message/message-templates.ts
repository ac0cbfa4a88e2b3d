import { INTL_LOCALE, type Language, type MessageTemplate } from '@sen/contract';
import { formatVnd, vietnamDate } from '@sen/domain';
import { z } from 'zod';
import { formatVietnamDate } from './vietnam-time.ts';

/**
 * The message templates, as data: for each kind of event the parameters it takes (and how each is
 * shown) and its title and text in every language. `{name}` in a text is replaced by the parameter
 * `name`, formatted for the language. docs/decisions/054-message-templates-and-dedupe.md.
 */

/** How a parameter is given and shown: money in integer VND, a calendar date, a count, a plain text, an operator's note (longer text). */
type FieldKind = 'money' | 'date' | 'count' | 'text' | 'note';

/** What a caller passes for each kind. */
export interface FieldInput {
  /** Integer VND (number or bigint). */
  money: number | bigint;
  /** A Vietnam calendar date 'YYYY-MM-DD', or an instant (its Vietnam date is taken). */
  date: string | Date;
  count: number;
  text: string;
  note: string;
}

interface Text {
  theme: string;
  content: string;
}

interface TemplateDefinition {
  fields: Record<string, FieldKind>;
  text: Record<Language, Text>;
}

export const TEMPLATES = {
  creditReviewStarted: {
    fields: {},
    text: {
      en: {
        theme: 'Credit limit under review',
        content: 'We have received your information and are reviewing your credit limit. The result will be sent to you here.',
      },
      vn: {
        theme: 'Hạn mức đang được xét duyệt',
        content: 'Chúng tôi đã nhận được thông tin của bạn và đang xét duyệt hạn mức tín dụng. Kết quả sẽ được gửi đến bạn tại đây.',
      },
      zh: { theme: '额度审核中', content: '我们已收到您的资料，正在审核您的信用额度，审核结果将在这里通知您。' },
    },
  },
  creditApproved: {
    fields: { creditLimit: 'money' },
    text: {
      en: { theme: 'Credit limit approved', content: 'Congratulations! Your credit limit of {creditLimit} has been approved. You can borrow now.' },
      vn: {
        theme: 'Hạn mức đã được phê duyệt',
        content: 'Chúc mừng! Hạn mức tín dụng {creditLimit} của bạn đã được phê duyệt. Bạn có thể vay ngay bây giờ.',
      },
      zh: { theme: '额度已批准', content: '恭喜！您的信用额度 {creditLimit} 已获批准，现在即可借款。' },
    },
  },
  creditRejected: {
    fields: { nextDate: 'date' },
    text: {
      en: {
        theme: 'Credit review result',
        content: 'Sorry, your application does not meet our requirements this time. You may apply again from {nextDate}.',
      },
      vn: {
        theme: 'Kết quả xét duyệt hạn mức',
        content: 'Rất tiếc, hồ sơ của bạn lần này chưa đáp ứng yêu cầu. Bạn có thể đăng ký lại từ ngày {nextDate}.',
      },
      zh: { theme: '额度审核结果', content: '很抱歉，您本次的申请未满足要求。您可以从 {nextDate} 起重新申请。' },
    },
  },
  newProducts: {
    fields: { count: 'count' },
    text: {
      en: { theme: 'New loan products', content: 'Congratulations on getting {count} new products! Open the home page to see them.' },
      vn: { theme: 'Sản phẩm vay mới', content: 'Chúc mừng bạn nhận được {count} sản phẩm mới! Mở trang chủ để xem ngay.' },
      zh: { theme: '新借款产品', content: '恭喜您获得 {count} 个新产品！打开首页即可查看。' },
    },
  },
  loanDisbursed: {
    fields: { orderNo: 'text', amount: 'money' },
    text: {
      en: { theme: 'Loan disbursed', content: 'Your loan {orderNo} of {amount} has been paid out to your receiving account.' },
      vn: { theme: 'Giải ngân thành công', content: 'Khoản vay {orderNo} trị giá {amount} đã được chuyển vào tài khoản nhận tiền của bạn.' },
      zh: { theme: '放款成功', content: '您的借款 {orderNo}（{amount}）已发放到您的收款账户。' },
    },
  },
  payoutFailed: {
    fields: { orderNo: 'text', amount: 'money' },
    text: {
      en: {
        theme: 'Payment failed',
        content: 'We could not pay out your loan {orderNo} of {amount}. Please check your receiving account so that we can try again.',
      },
      vn: {
        theme: 'Giải ngân thất bại',
        content: 'Chúng tôi chưa thể giải ngân khoản vay {orderNo} trị giá {amount}. Vui lòng kiểm tra tài khoản nhận tiền để chúng tôi thử lại.',
      },
      zh: { theme: '放款失败', content: '您的借款 {orderNo}（{amount}）放款失败，请检查您的收款账户，以便我们重新放款。' },
    },
  },
  dueReminder: {
    fields: { orderNo: 'text', amount: 'money', dueDate: 'date' },
    text: {
      en: { theme: 'Repayment reminder', content: 'Your repayment of {amount} for loan {orderNo} is due on {dueDate}. Please repay on time.' },
      vn: {
        theme: 'Nhắc hạn trả nợ',
        content: 'Khoản thanh toán {amount} của khoản vay {orderNo} đến hạn vào ngày {dueDate}. Vui lòng thanh toán đúng hạn.',
      },
      zh: { theme: '还款提醒', content: '您的借款 {orderNo} 应还 {amount}，到期日为 {dueDate}，请按时还款。' },
    },
  },
  overdue: {
    fields: { orderNo: 'text', amount: 'money', daysOverdue: 'count' },
    text: {
      en: {
        theme: 'Loan overdue',
        content: 'Your loan {orderNo} is {daysOverdue} days overdue. Please repay {amount} as soon as possible to avoid further overdue fees.',
      },
      vn: {
        theme: 'Khoản vay quá hạn',
        content: 'Khoản vay {orderNo} của bạn đã quá hạn {daysOverdue} ngày. Vui lòng thanh toán {amount} sớm nhất có thể để tránh phát sinh thêm phí quá hạn.',
      },
      zh: { theme: '借款逾期', content: '您的借款 {orderNo} 已逾期 {daysOverdue} 天，请尽快还款 {amount}，以免产生更多逾期费用。' },
    },
  },
  // Repayments (issue 12, modules/repayment): one message per money event and order.
  repaymentReceived: {
    fields: { orderNo: 'text', amount: 'money', remaining: 'money' },
    text: {
      en: { theme: 'Repayment received', content: 'We received {amount} for loan {orderNo}. Still to repay: {remaining}.' },
      vn: { theme: 'Đã nhận thanh toán', content: 'Chúng tôi đã nhận {amount} cho khoản vay {orderNo}. Số tiền còn phải trả: {remaining}.' },
      zh: { theme: '已收到还款', content: '我们已收到借款 {orderNo} 的还款 {amount}，剩余应还 {remaining}。' },
    },
  },
  loanSettled: {
    fields: { orderNo: 'text', amount: 'money' },
    text: {
      en: { theme: 'Loan repaid in full', content: 'We received {amount}. Your loan {orderNo} is now fully repaid. Thank you!' },
      vn: { theme: 'Đã tất toán khoản vay', content: 'Chúng tôi đã nhận {amount}. Khoản vay {orderNo} của bạn đã được tất toán. Cảm ơn bạn!' },
      zh: { theme: '借款已结清', content: '我们已收到 {amount}，您的借款 {orderNo} 已全部结清。感谢您！' },
    },
  },
  creditLimitRaised: {
    fields: { creditLimit: 'money' },
    text: {
      en: { theme: 'Credit limit raised', content: 'Thank you for repaying on time! Your credit limit is now {creditLimit}.' },
      vn: { theme: 'Hạn mức đã được nâng', content: 'Cảm ơn bạn đã trả nợ đúng hạn! Hạn mức tín dụng của bạn hiện là {creditLimit}.' },
      zh: { theme: '额度已提升', content: '感谢您按时还款！您的信用额度已提升至 {creditLimit}。' },
    },
  },
  repaymentCreditHeld: {
    fields: { orderNo: 'text', amount: 'money' },
    text: {
      en: {
        theme: 'Overpayment kept for you',
        content: 'You paid {amount} more than loan {orderNo} owed. We keep it for you; please contact customer service to have it refunded.',
      },
      vn: {
        theme: 'Khoản thanh toán thừa',
        content: 'Bạn đã thanh toán thừa {amount} cho khoản vay {orderNo}. Chúng tôi giữ khoản tiền này cho bạn; vui lòng liên hệ chăm sóc khách hàng để được hoàn lại.',
      },
      zh: { theme: '多付款项已为您保留', content: '您为借款 {orderNo} 多付了 {amount}，我们已为您保留，请联系客服办理退款。' },
    },
  },
  repaymentReceiptRejected: {
    fields: { orderNo: 'text' },
    text: {
      en: {
        theme: 'Transfer receipt not confirmed',
        content: 'We could not confirm your transfer receipt for loan {orderNo}. Please check the transfer and upload a clear receipt again, or contact customer service.',
      },
      vn: {
        theme: 'Biên lai chuyển khoản chưa được xác nhận',
        content: 'Chúng tôi chưa thể xác nhận biên lai chuyển khoản cho khoản vay {orderNo}. Vui lòng kiểm tra giao dịch và tải lên biên lai rõ ràng, hoặc liên hệ chăm sóc khách hàng.',
      },
      zh: { theme: '转账凭证未能确认', content: '我们未能确认您借款 {orderNo} 的转账凭证，请核对转账后重新上传清晰的凭证，或联系客服。' },
    },
  },
  creditInfoRequested: {
    fields: { question: 'note' },
    text: {
      en: {
        theme: 'We need more information',
        content: 'To finish reviewing your credit limit we need more information: {question} Please update it in the app or contact customer service.',
      },
      vn: {
        theme: 'Chúng tôi cần thêm thông tin',
        content: 'Để hoàn tất xét duyệt hạn mức của bạn, chúng tôi cần thêm thông tin: {question} Vui lòng cập nhật trong ứng dụng hoặc liên hệ chăm sóc khách hàng.',
      },
      zh: { theme: '需要补充资料', content: '为完成您的额度审核，我们需要补充资料：{question} 请在应用内更新或联系客服。' },
    },
  },
  refundSent: {
    fields: { orderNo: 'text', amount: 'money', account: 'text' },
    text: {
      en: { theme: 'Overpayment refunded', content: 'We have refunded {amount}, the overpayment on loan {orderNo}, to your account {account}.' },
      vn: { theme: 'Đã hoàn tiền thanh toán thừa', content: 'Chúng tôi đã hoàn {amount}, khoản thanh toán thừa của khoản vay {orderNo}, vào tài khoản {account} của bạn.' },
      zh: { theme: '多付款项已退还', content: '我们已将借款 {orderNo} 的多付款项 {amount} 退还至您的账户 {account}。' },
    },
  },
  restructureOffered: {
    fields: { orderNo: 'text', planNums: 'count', expiresOn: 'date' },
    text: {
      en: {
        theme: 'An offer to help with your loan',
        content: 'We have an offer for loan {orderNo}: a new plan of {planNums} instalments. Open the loan in the app to see the new schedule, its full cost and APR, and accept or decline it by {expiresOn}.',
      },
      vn: {
        theme: 'Đề nghị hỗ trợ khoản vay của bạn',
        content: 'Chúng tôi có đề nghị cho khoản vay {orderNo}: kế hoạch trả nợ mới gồm {planNums} kỳ. Mở khoản vay trong ứng dụng để xem lịch trả nợ mới, tổng chi phí và lãi suất năm (APR), rồi đồng ý hoặc từ chối trước ngày {expiresOn}.',
      },
      zh: { theme: '关于您借款的援助方案', content: '我们为借款 {orderNo} 提供了新方案：分 {planNums} 期还款。请在应用中打开该借款，查看新的还款计划、总费用和年化利率，并在 {expiresOn} 前接受或拒绝。' },
    },
  },
  refundFailed: {
    fields: { orderNo: 'text', amount: 'money' },
    text: {
      en: {
        theme: 'Refund not completed',
        content: 'The bank could not complete the refund of {amount} for loan {orderNo}. We keep the money for you; please check your default bank account or contact customer service.',
      },
      vn: {
        theme: 'Hoàn tiền chưa thành công',
        content: 'Ngân hàng chưa thể hoàn tất việc hoàn {amount} cho khoản vay {orderNo}. Chúng tôi vẫn giữ khoản tiền này cho bạn; vui lòng kiểm tra tài khoản ngân hàng mặc định hoặc liên hệ chăm sóc khách hàng.',
      },
      zh: { theme: '退款未完成', content: '银行未能完成借款 {orderNo} 的 {amount} 退款。款项仍为您保留，请检查您的默认银行账户或联系客服。' },
    },
  },
} as const satisfies Record<MessageTemplate, TemplateDefinition>;

type Fields<T extends MessageTemplate> = (typeof TEMPLATES)[T]['fields'];

/** The parameters of a template, as a caller passes them. */
export type MessageParams<T extends MessageTemplate> = { [K in keyof Fields<T>]: FieldInput[Fields<T>[K] & FieldKind] };

const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

/** Each kind's check and its stored form (JSON-safe: money as a decimal text, dates as YYYY-MM-DD). */
const FIELD_SCHEMAS: Record<FieldKind, z.ZodType<string | number>> = {
  money: z
    .union([z.number().int().safe().nonnegative(), z.bigint().nonnegative()])
    .transform((value) => String(value)),
  date: z.union([
    z.string().regex(DATE_TEXT).refine((text) => !Number.isNaN(Date.parse(`${text}T00:00:00Z`))),
    z.date().transform((value) => vietnamDate(value)),
  ]),
  count: z.number().int().nonnegative().safe(),
  text: z.string().min(1).max(64),
  // An operator's words to the borrower (a reviewer's question): checked plain text up to 500 characters by the contract.
  note: z.string().min(1).max(500),
};

/** Checks a template's parameters (a wrong call is a bug, so it throws) and gives their stored form. */
export function normaliseParams(template: MessageTemplate, params: Record<string, unknown>): Record<string, string | number> {
  const fields: Record<string, FieldKind> = TEMPLATES[template].fields;
  const shape = Object.fromEntries(Object.entries(fields).map(([name, kind]) => [name, FIELD_SCHEMAS[kind]]));
  const parsed = z.strictObject(shape).safeParse(params);
  if (!parsed.success) throw new Error(`messages.notify(${template}): bad params: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  return parsed.data as Record<string, string | number>;
}


/**
 * How a message writes money: `code` ('10.000.000 VND') in the text stored and sent by SMS (₫ is
 * not in the GSM alphabet), `symbol` ('10.000.000 ₫', the app's one format per language) in the
 * inbox, which renders on read (decision 113).
 */
export type MoneyStyle = 'code' | 'symbol';

function formatField(kind: FieldKind, value: string | number, language: Language, money: MoneyStyle): string {
  switch (kind) {
    case 'money':
      if (money === 'symbol') return formatVnd(BigInt(value), language, { symbol: true });
      return `${new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: 0 }).format(BigInt(value))} VND`;
    case 'count':
      return new Intl.NumberFormat(INTL_LOCALE[language], { maximumFractionDigits: 0 }).format(Number(value));
    case 'date':
      return formatVietnamDate(String(value), language);
    case 'text':
    case 'note':
      return String(value);
  }
}

/** Whether a text names a template (a stored row's template column). */
function isTemplate(template: string): template is MessageTemplate {
  return Object.hasOwn(TEMPLATES, template);
}

/** Each kind's stored form, as `normaliseParams` wrote it (what a stored row's params must be to render). */
const STORED_SCHEMAS: Record<FieldKind, z.ZodType<string | number>> = {
  money: z.string().regex(/^\d{1,20}$/),
  date: z.string().regex(DATE_TEXT),
  count: z.number().int().nonnegative().safe(),
  text: z.string().min(1),
  note: z.string().min(1),
};

/**
 * A stored message's title and text in `language`, rendered from its template and stored
 * parameters (decision 113): the inbox reads in the reader's language of the moment, not the one
 * the message was made in. null when the row cannot be rendered (a template since removed, or
 * parameters that no longer fit it): the caller shows the text stored with the row.
 */
export function renderStoredMessage(template: string, params: unknown, language: Language): Text | null {
  if (!isTemplate(template)) return null;
  const fields: Record<string, FieldKind> = TEMPLATES[template].fields;
  const shape = Object.fromEntries(Object.entries(fields).map(([name, kind]) => [name, STORED_SCHEMAS[kind]]));
  const parsed = z.object(shape).safeParse(params);
  if (!parsed.success) return null;
  return renderMessage(template, parsed.data as Record<string, string | number>, language, 'symbol');
}

/** The title and text of a template in a language, with its (normalised) parameters filled in. */
export function renderMessage(template: MessageTemplate, params: Record<string, string | number>, language: Language, money: MoneyStyle = 'code'): Text {
  const definition: TemplateDefinition = TEMPLATES[template];
  const fill = (text: string) =>
    text.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
      const kind = definition.fields[name];
      const value = params[name];
      if (!kind || value === undefined) throw new Error(`template ${template} has no parameter ${placeholder}`);
      return formatField(kind, value, language, money);
    });
  const text = definition.text[language];
  return { theme: fill(text.theme), content: fill(text.content) };
}
