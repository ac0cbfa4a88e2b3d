import { BORROWER_ERRORS, PERSONAL_INFO_BOOST_MAX_VND, isMessageKey, formatDisplayDate, parseIsoDate, type EnumItem, type PersonalDataRequest, type PersonalInfo } from '@sen/contract';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { FormPickerField } from '../../shared/forms/form-picker-field.tsx';
import { FormTextField, digitsOnly } from '../../shared/forms/form-text-field.tsx';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { useZodForm } from '../../shared/forms/use-zod-form.ts';
import { groupDigits, money } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { isRequestError } from '../../shared/request/request-error.ts';
import { Button } from '../../shared/ui/button.tsx';
import { TextField } from '../../shared/ui/text-field.tsx';
import type { PickerOption } from '../../shared/ui/picker-field.tsx';
import { allQueries, QueryView } from '../../shared/ui/query-view.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { refreshAuthStatus } from '../auth/index.ts';
import { savePersonalData, usePersonalEnums, usePersonalInfo, useProvinces } from './certification-api.ts';
import { continueBatch } from './continue-batch.ts';
import type { PersonalForm } from './form-schemas.ts';
import { DateField } from './date-field.tsx';
import { StepLayout } from './step-layout.tsx';

const loadSchema = () => import('./form-schemas.ts').then((module) => module.personalFormSchema);

const EMPTY: PersonalForm = {
  userName: '',
  cardNo: '',
  sex: '',
  birthDate: '',
  education: '',
  marryState: '',
  loanPurpose: '',
  province: '',
  address: '',
  salary: '',
  email: '',
  zaloAccount: '',
};

/** All but the last four digits hidden. */
export const maskIdNumber = (value: string) => (value.length > 4 ? '*'.repeat(value.length - 4) + value.slice(-4) : value);

const toOptions = (items: EnumItem[] | undefined): PickerOption[] => (items ?? []).map((item) => ({ value: String(item.state), label: item.info }));
const text = (value: number | string | null | undefined) => (value === null || value === undefined ? '' : String(value));

/** What the form starts from when correcting: the saved values. */
function fromInfo(info: PersonalInfo): PersonalForm {
  const birth = info.birthDate ? parseIsoDate(info.birthDate) : null;
  return {
    userName: text(info.userName),
    cardNo: text(info.cardNo),
    sex: text(info.sex),
    birthDate: birth ? formatDisplayDate(birth) : '',
    education: text(info.education),
    marryState: text(info.marryState),
    loanPurpose: text(info.purpose),
    province: text(info.province),
    address: text(info.currentAddress ?? info.address),
    salary: text(info.salary),
    email: text(info.email),
    zaloAccount: text(info.zaloAccount),
  };
}

/**
 * Personal information (the ID item): /authentication/batch/personal-data in the batch and
 * /authentication/info/personal-data to review and correct. Every field has its §5 rule and message
 * (the contract's schema, the server's too). The ID number cannot be changed once saved.
 */
export function PersonalDataPage({ mode }: { mode: 'batch' | 'info' }) {
  const { t, language } = useT();
  const navigate = useNavigate();
  const enums = usePersonalEnums();
  const provinces = useProvinces();
  const info = usePersonalInfo();
  const form = useZodForm<PersonalForm>(loadSchema, EMPTY);
  const saved = info.data?.id !== null && info.data?.id !== undefined;
  const cardNoMessage = form.formState.errors.cardNo?.message;
  const cardNoError = cardNoMessage ? (isMessageKey(cardNoMessage) ? t(cardNoMessage) : cardNoMessage) : null;

  useEffect(() => {
    if (info.data && info.data.id !== null) form.reset(fromInfo(info.data));
    // Only when the saved data arrives (or changes after a save).
  }, [info.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const provinceOptions = useMemo(() => (provinces.data ?? []).map((item) => ({ value: String(item.id), label: language === 'vn' ? item.name : item.otherName })), [provinces.data, language]);

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      // The schema's output: choices as numbers, the birth date as yyyy-MM-dd (what the server takes).
      await savePersonalData(values as unknown as PersonalDataRequest);
      if (mode === 'batch') return await continueBatch();
      await refreshAuthStatus();
      showToast(t('certification.saved'));
      await navigate(-1);
    } catch (error) {
      if (isRequestError(error) && (error.code === BORROWER_ERRORS.ID_NUMBER_TAKEN.code || error.code === BORROWER_ERRORS.ID_NUMBER_LOCKED.code)) {
        form.setError('cardNo', { type: 'server', message: error.message }, { shouldFocus: true });
        return;
      }
      showToast(errorText(error));
    }
  });

  return (
    <StepLayout title={t('page.personalData')} batch={mode === 'batch'} testId="personal-data-page">
      <QueryView query={allQueries(enums, provinces, info)} size="section" errorTitle={t('certification.loadFailed')} retryTestId="retry-button">
        {([personalEnums]) => (
          <>
            <p className="boost-banner" data-testid="boost-copy">
              {t('certification.boost', { amount: money(PERSONAL_INFO_BOOST_MAX_VND, language) })}
            </p>
            <form {...form.formProps} noValidate onSubmit={(event) => void onSubmit(event)} className="stack">
              <FormTextField control={form.control} name="userName" id="userName" label={t('personal.name.label')} placeholder={t('personal.name.placeholder')} autoComplete="name" maxLength={100} data-testid="personal-name" />
              {saved ? (
                // Saved: the number cannot change; it is shown masked (the form keeps it to send back).
                <TextField
                  id="cardNo"
                  label={t('personal.idNumber.label')}
                  value={maskIdNumber(form.getValues('cardNo'))}
                  onChange={() => undefined}
                  readOnly
                  hint={t('personal.idNumber.locked')}
                  error={cardNoError}
                  data-testid="personal-id-number"
                />
              ) : (
                <FormTextField
                  control={form.control}
                  name="cardNo"
                  id="cardNo"
                  label={t('personal.idNumber.label')}
                  placeholder={t('personal.idNumber.placeholder')}
                  inputMode="numeric"
                  maxLength={12}
                  normalize={digitsOnly}
                  data-testid="personal-id-number"
                />
              )}
              <FormPickerField control={form.control} name="sex" label={t('personal.gender.label')} placeholder={t('validation.select')} options={toOptions(personalEnums.gender)} data-testid="personal-gender" />
              <DateField control={form.control} name="birthDate" label={t('personal.birthDate.label')} placeholder={t('personal.birthDate.placeholder')} testId="personal-birth-date" />
              <FormPickerField control={form.control} name="education" label={t('personal.education.label')} placeholder={t('validation.select')} options={toOptions(personalEnums.education)} data-testid="personal-education" />
              <FormTextField
                control={form.control}
                name="salary"
                id="salary"
                label={t('personal.salary.label')}
                placeholder={t('personal.salary.placeholder', { amount: groupDigits('10000000', language) })}
                inputMode="numeric"
                // Read with thousands separators as typed (issue 25 item 8); the form keeps the digits (12 at most).
                normalize={(value) => digitsOnly(value).slice(0, 12)}
                format={(value) => groupDigits(value, language)}
                maxLength={16}
                data-testid="personal-salary"
              />
              <FormPickerField control={form.control} name="marryState" label={t('personal.marital.label')} placeholder={t('validation.select')} options={toOptions(personalEnums.maritalStatus)} data-testid="personal-marital" />
              <FormPickerField control={form.control} name="province" label={t('personal.province.label')} placeholder={t('validation.select')} options={provinceOptions} data-testid="personal-province" />
              <FormTextField control={form.control} name="address" id="address" label={t('personal.address.label')} placeholder={t('personal.address.placeholder')} autoComplete="street-address" maxLength={200} data-testid="personal-address" />
              <FormPickerField control={form.control} name="loanPurpose" label={t('personal.purpose.label')} placeholder={t('validation.select')} options={toOptions(personalEnums.purpose)} data-testid="personal-purpose" />
              <FormTextField control={form.control} name="email" id="email" label={t('personal.email.label')} placeholder={t('personal.email.placeholder')} type="email" autoComplete="email" maxLength={100} data-testid="personal-email" />
              {/* SPEC.md §3 'Other: Facebook UID, ZALO'; Zalo belongs to the personal page (API-FAMILY.md §5.6), optional. */}
              <FormTextField control={form.control} name="zaloAccount" id="zaloAccount" label={t('personal.zalo.label')} placeholder={t('personal.zalo.placeholder')} maxLength={60} data-testid="personal-zalo" />
              <Button block color="primary" shape="rounded" size="large" type="submit" loading={form.formState.isSubmitting} data-testid="personal-submit">
                {mode === 'batch' ? t('certification.next') : t('certification.save')}
              </Button>
            </form>
          </>
        )}
      </QueryView>
    </StepLayout>
  );
}

export function PersonalDataBatchPage() {
  return <PersonalDataPage mode="batch" />;
}

export function PersonalDataInfoPage() {
  return <PersonalDataPage mode="info" />;
}
