import { productInputSchema, type ProductInput, type ProductRecord, type ProductTranslations } from '@sen/contract';
import type { Dayjs } from 'dayjs';
import { instantOfVietnamPicker, vietnamPickerValue } from '../../shared/format/vietnam-picker.ts';

/** The form's fields: the product's, with dates as pickers' values and "no value" as undefined. */
export interface ProductFormValues {
  code: string;
  name: string;
  imageUrl?: string;
  minAmount: number;
  maxAmount: number;
  termDays: number;
  planNums: number[];
  dailyRatePpm: number;
  serviceFeePpm: number;
  overdueDailyRatePpm: number;
  tags?: string[];
  /** Carried through unchanged (no field for them yet); a change without them keeps the product's (decision 113). */
  translations?: ProductTranslations;
  showConditionTypeSign?: '0' | '1';
  jumpType?: 0 | 1 | 2;
  downloadUrl?: string;
  newSign?: boolean;
  activeFrom?: Dayjs | null;
  activeTo?: Dayjs | null;
  dailyQuota?: number | null;
  sortOrder?: number;
  active?: boolean;
  feeTiming?: 'deducted' | 'instalments';
  signatureRequired?: boolean;
  signingCode?: 'required' | 'optional';
  reason?: string;
}

/** Every field of the contract's product, in the order the form shows them. */
export const PRODUCT_FIELDS = Object.keys(productInputSchema.shape) as (keyof ProductInput)[];

/** A new product starts from the contract's defaults (and one single-repayment plan). */
export function newProductValues(): Partial<ProductFormValues> {
  return { planNums: [1], tags: [], jumpType: 0, feeTiming: 'deducted', active: true, newSign: false, signatureRequired: false, signingCode: 'required', sortOrder: 0, imageUrl: '', dailyQuota: null };
}

/** A change starts from the product as it is (its id, computed rate and timestamps are not the operator's to write). */
export function valuesOfProduct(product: ProductRecord): ProductFormValues {
  const { id: _id, annualPercent: _annual, updatedAt: _updated, activeFrom, activeTo, downloadUrl, showConditionTypeSign, ...rest } = product;
  return {
    ...rest,
    // The pickers show and take Vietnam time whatever the browser's zone (decision 121).
    activeFrom: activeFrom ? vietnamPickerValue(activeFrom) : null,
    activeTo: activeTo ? vietnamPickerValue(activeTo) : null,
    downloadUrl: downloadUrl ?? undefined,
    showConditionTypeSign: showConditionTypeSign ?? undefined,
  };
}

/** The form's values as the contract's product input (empty optional fields become null). */
export function productOfValues(values: ProductFormValues): ProductInput {
  const { reason: _reason, activeFrom, activeTo, downloadUrl, showConditionTypeSign, dailyQuota, imageUrl, ...rest } = values;
  return {
    ...rest,
    imageUrl: imageUrl?.trim() ?? '',
    downloadUrl: downloadUrl?.trim() ? downloadUrl.trim() : null,
    showConditionTypeSign: showConditionTypeSign ?? null,
    dailyQuota: dailyQuota ?? null,
    activeFrom: activeFrom ? instantOfVietnamPicker(activeFrom) : null,
    activeTo: activeTo ? instantOfVietnamPicker(activeTo) : null,
  };
}

/**
 * The field a server refusal is about: the rate cap names its field in `data.violations`; an
 * inconsistent product names fields in its message (`minAmount > maxAmount`).
 */
export function fieldOfProductError(rateOverCapCode: number, productInvalidCode: number) {
  return (code: number, data: unknown, message: string): string | null => {
    if (code === rateOverCapCode) {
      const field = (data as { violations?: Array<{ field?: unknown }> } | null)?.violations?.[0]?.field;
      return typeof field === 'string' && (PRODUCT_FIELDS as string[]).includes(field) ? field : 'dailyRatePpm';
    }
    if (code === productInvalidCode) {
      const mentioned = PRODUCT_FIELDS.map((field) => ({ field, at: message.search(new RegExp(`\\b${field}\\b`)) }))
        .filter((entry) => entry.at >= 0)
        .sort((a, b) => a.at - b.at);
      return mentioned[0]?.field ?? null;
    }
    return null;
  };
}
