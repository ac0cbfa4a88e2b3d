import type { Activity, CommonIndex, CustomerConfig, Language } from '@sen/contract';
import { aprRange, vietnamDate } from '@sen/domain';
import type { Config } from '../../config.ts';
import type { Clock } from '../../shared/clock.ts';
import { loanTermsOf, type ProductRow } from '../product/index.ts';
import type { ContentRepository } from './content.repository.ts';

/** buttonType of a contact channel: 2 calls, anything else copies (API-FAMILY.md §4.2). */
const CALL = 2;
const COPY = 1;

/** Formats a percentage the way the family shows it ('14.6%'); clients format it per language from the number. */
function percentText(percent: number): string {
  return `${Number(percent.toFixed(2))}%`;
}

/** What visitors see before signing in: product figures, support contacts and banners. */
export class ContentService {
  private readonly commonIndexData: CommonIndex;

  constructor(
    private readonly repository: ContentRepository,
    private readonly clock: Clock,
    config: Pick<Config, 'product' | 'support' | 'company'>,
    /** The products offered now (the product module's), for the APR range. */
    private readonly offeredProducts: () => Promise<ProductRow[]> = async () => [],
  ) {
    const { product, support, company } = config;
    const customerConfigs: CustomerConfig[] = [
      { title: 'Hotline', vernacularTitle: 'Tổng đài', enTitle: 'Hotline', content: support.phone, buttonType: CALL },
      { title: 'Email', vernacularTitle: 'Email', enTitle: 'Email', content: support.email, buttonType: COPY },
    ];
    if (support.zalo) customerConfigs.push({ title: 'Zalo', vernacularTitle: 'Zalo', enTitle: 'Zalo', content: support.zalo, buttonType: COPY });
    this.commonIndexData = {
      maxAmount: product.maxLoanAmountVnd,
      annualizedInterestRate: percentText(product.annualInterestRatePercent),
      annualizedInterestRatePercent: product.annualInterestRatePercent,
      loanTerm: String(product.loanTermDays),
      currency: 'VND',
      currencySymbol: '₫',
      customerEmail: support.email,
      customerPhone: support.phone,
      customerConfigs,
      showBackButton: '1',
      appApplyJumpPage: null,
      companyLegalName: company.legalName,
      companyLicence: company.licence ?? null,
      companyAddress: company.address ?? null,
    };
  }

  /**
   * The visitor home's figures, with the APR range of what is offered today (decision 119: the
   * headline's interest rate alone hides the fees): every plan of every product offered, at its
   * smallest and largest amount, through the domain's APR (the one the cost table shows).
   */
  async commonIndex(): Promise<CommonIndex> {
    const today = vietnamDate(this.clock());
    const loans = (await this.offeredProducts()).flatMap((product) =>
      product.planNums.flatMap((planNums) => [product.minAmount, product.maxAmount].map((amount) => loanTermsOf(product, amount, planNums, today))),
    );
    const range = aprRange(loans);
    return { ...this.commonIndexData, aprRangePercent: range ? { min: range.minPercent, max: range.maxPercent } : null };
  }

  /**
   * The active banners in `language` (decision 113): each field from the banner's translation when
   * it has one (a picture with words has one per language), else the Vietnamese; same statement.
   */
  async activities(language: Language): Promise<Activity[]> {
    const rows = await this.repository.activeActivities(this.clock());
    return rows.map((row) => {
      const translated = language === 'vn' ? undefined : row.translations[language];
      return {
        id: row.id,
        name: translated?.name ?? row.name,
        summary: translated?.summary ?? row.summary,
        activityPicUrl: translated?.picUrl ?? row.picUrl,
        activityH5Url: row.h5Url,
      };
    });
  }
}
