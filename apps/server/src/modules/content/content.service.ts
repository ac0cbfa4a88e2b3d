import type { Activity, CommonIndex, CustomerConfig, Language } from '@sen/contract';
import type { Config } from '../../config.ts';
import type { Clock } from '../../shared/clock.ts';
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

  commonIndex(): CommonIndex {
    return this.commonIndexData;
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
