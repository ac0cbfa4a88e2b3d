import { INDUSTRY_NO_COMPANY, type EnumItem, type WorkInfoRequest } from '@sen/contract';
import { useCallback, useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { FormPickerField } from '../../shared/forms/form-picker-field.tsx';
import { FormTextField, digitsOnly } from '../../shared/forms/form-text-field.tsx';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { useZodForm } from '../../shared/forms/use-zod-form.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import type { PickerOption } from '../../shared/ui/picker-field.tsx';
import { allQueries, QueryView } from '../../shared/ui/query-view.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { refreshAuthStatus, useAuthStatus } from '../auth/index.ts';
import { saveWorkInfo, useWorkEnums, useWorkInfo } from './certification-api.ts';
import { continueBatch } from './continue-batch.ts';
import type { WorkForm } from './form-schemas.ts';
import { StepLayout } from './step-layout.tsx';
import { batchItems } from './steps.ts';

const EMPTY: WorkForm = { industry: '', companyName: '', companyTel: '', companyAddress: '', email: '', facebookUid: '' };
const toOptions = (items: EnumItem[] | undefined): PickerOption[] => (items ?? []).map((item) => ({ value: String(item.state), label: item.info }));

/**
 * /authentication/additional-information (the WORK item, asked when a product's condition sign is
 * '1', or in the batch when configured): the company (required, SPEC.md §3) and Facebook UID
 * (optional, SPEC.md §3 'Other'). Industry 19 ('not working or other') skips the company. The
 * e-mail was asked on the personal-data page: asked here only when none is stored (the server
 * answers userWork/info with the personal data's e-mail and keeps it when none is sent).
 */
export function AdditionalInformationPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const enums = useWorkEnums();
  const info = useWorkInfo();
  const inBatch = batchItems(useAuthStatus()?.authConfig ?? '').includes('WORK');
  const askEmail = info.data !== undefined && !info.data.email;
  const askEmailRef = useRef(askEmail);
  useEffect(() => {
    askEmailRef.current = askEmail;
  }, [askEmail]);
  const loadSchema = useCallback(
    () => import('./form-schemas.ts').then((module) => (askEmailRef.current ? module.workFormWithEmailSchema : module.workFormSchema)),
    [],
  );
  const form = useZodForm<WorkForm>(loadSchema, EMPTY);
  const industry = form.watch('industry');
  const noCompany = industry === String(INDUSTRY_NO_COMPANY);

  useEffect(() => {
    const data = info.data;
    if (!data || data.id === null) return;
    form.reset({
      industry: data.industry === null ? '' : String(data.industry),
      companyName: data.companyName ?? '',
      companyTel: data.companyTel ?? '',
      companyAddress: data.companyAddress ?? '',
      // Sent only when asked: otherwise the server keeps the personal data's.
      email: '',
      facebookUid: data.facebookUid ?? '',
    });
  }, [info.data]); // eslint-disable-line react-hooks/exhaustive-deps

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await saveWorkInfo(values as unknown as WorkInfoRequest);
      if (inBatch) return await continueBatch();
      await refreshAuthStatus();
      showToast(t('certification.saved'));
      await navigate(-1);
    } catch (error) {
      showToast(errorText(error));
    }
  });

  return (
    <StepLayout title={t('page.additionalInformation')} batch={inBatch} testId="additional-information-page">
      <QueryView query={allQueries(enums, info)} size="section" errorTitle={t('certification.loadFailed')} retryTestId="retry-button">
        {([workEnums]) => (
          <>
            <p className="form-page__hint">{t('work.hint')}</p>
            <form {...form.formProps} noValidate onSubmit={(event) => void onSubmit(event)} className="stack">
              <FormPickerField control={form.control} name="industry" label={t('work.industry.label')} placeholder={t('validation.select')} options={toOptions(workEnums.industry)} data-testid="work-industry" />
              {noCompany ? null : (
                <>
                  <FormTextField control={form.control} name="companyName" id="companyName" label={t('work.company.label')} placeholder={t('work.company.placeholder')} maxLength={120} data-testid="work-company" />
                  <FormTextField control={form.control} name="companyTel" id="companyTel" label={t('work.companyTel.label')} placeholder={t('work.companyTel.placeholder')} inputMode="numeric" maxLength={15} normalize={digitsOnly} data-testid="work-company-tel" />
                  <FormTextField control={form.control} name="companyAddress" id="companyAddress" label={t('work.companyAddress.label')} placeholder={t('work.companyAddress.placeholder')} maxLength={200} data-testid="work-company-address" />
          </>
        )}
        {askEmail ? (
          <FormTextField control={form.control} name="email" id="work-email" label={t('personal.email.label')} placeholder={t('personal.email.placeholder')} type="email" autoComplete="email" maxLength={100} data-testid="work-email" />
        ) : null}
        <FormTextField control={form.control} name="facebookUid" id="facebookUid" label={t('work.facebook.label')} placeholder={t('work.facebook.placeholder')} maxLength={100} data-testid="work-facebook" />
        <Button block color="primary" shape="rounded" size="large" type="submit" loading={form.formState.isSubmitting} data-testid="work-submit">
          {inBatch ? t('certification.next') : t('certification.save')}
        </Button>
      </form>
          </>
        )}
      </QueryView>
    </StepLayout>
  );
}
