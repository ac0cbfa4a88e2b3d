import { EMERGENCY_RELATIONSHIP_CODES, EMERGENCY_RELATIONSHIP_LABELS } from '@sen/contract';
import { useState } from 'react';
import { Controller, useController, useWatch, type Control } from 'react-hook-form';
import { useFieldErrorText } from '../../shared/forms/field-error.ts';
import { FormPickerField } from '../../shared/forms/form-picker-field.tsx';
import { FormTextField } from '../../shared/forms/form-text-field.tsx';
import { useT } from '../../shared/i18n/use-translation.ts';
import { PickerField } from '../../shared/ui/picker-field.tsx';
import type { AccountFormValues } from './account-form.ts';
import { useBanks, useWallets } from './accounts-api.ts';
import { BankPicker } from './bank-picker.tsx';

type FormControl = Control<AccountFormValues>;

/** Bank card or e-wallet: two buttons that act as one radio group. */
function PayWaySwitch({ control }: { control: FormControl }) {
  const { t } = useT();
  return (
    <Controller
      control={control}
      name="payWay"
      render={({ field }) => (
        <div className="pay-way" role="radiogroup" aria-label={t('accounts.payWay.label')}>
          {(['CARD', 'WALLET'] as const).map((kind) => (
            <button
              key={kind}
              type="button"
              role="radio"
              aria-checked={field.value === kind}
              className={`pay-way__option${field.value === kind ? ' is-active' : ''}`}
              onClick={() => field.onChange(kind)}
              data-testid={`pay-way-${kind.toLowerCase()}`}
            >
              {t(kind === 'CARD' ? 'accounts.payWay.card' : 'accounts.payWay.wallet')}
            </button>
          ))}
        </div>
      )}
    />
  );
}

function BankField({ control }: { control: FormControl }) {
  const { t } = useT();
  const banks = useBanks();
  const [open, setOpen] = useState(false);
  const { field, fieldState } = useController({ control, name: 'bankId' });
  const error = useFieldErrorText(fieldState.error?.message);
  const chosen = banks.data?.find((bank) => String(bank.id) === field.value);
  return (
    <>
      <PickerField
        id="bank-id"
        label={t('accounts.bank.label')}
        placeholder={banks.isError ? t('accounts.bank.loadFailed') : t('validation.select')}
        valueLabel={chosen ? `${chosen.shortName} (${chosen.bankCode})` : null}
        error={error}
        buttonRef={field.ref}
        onOpen={() => (banks.isError ? void banks.refetch() : setOpen(true))}
        data-testid="bank-field"
      />
      <BankPicker
        visible={open}
        banks={banks.data ?? []}
        value={field.value}
        onClose={() => setOpen(false)}
        onPick={(id) => {
          field.onChange(id);
          setOpen(false);
        }}
      />
    </>
  );
}

function WalletField({ control }: { control: FormControl }) {
  const { t } = useT();
  const wallets = useWallets();
  const options = (wallets.data ?? []).map((wallet) => ({ value: String(wallet.id), label: wallet.walletName }));
  return <FormPickerField control={control} name="walletId" id="wallet-id" label={t('accounts.wallet.label')} placeholder={t('validation.select')} options={options} data-testid="wallet-field" />;
}

const numeric = { inputMode: 'numeric' as const, autoComplete: 'off', maxLength: 20 };

/** The receiving account: bank card (bank, holder, number twice) or e-wallet (wallet, account twice, holder). */
export function AccountFields({ control }: { control: FormControl }) {
  const { t } = useT();
  const payWay = useWatch({ control, name: 'payWay' });
  return (
    <section className="stack" aria-labelledby="account-section-title">
      <h2 className="form-section__title" id="account-section-title">
        {t('accounts.section.account')}
      </h2>
      <PayWaySwitch control={control} />
      {payWay === 'CARD' ? (
        <>
          <BankField control={control} />
          <FormTextField control={control} name="accountUser" id="account-user" label={t('accounts.holder.label')} placeholder={t('accounts.holder.placeholder')} autoComplete="name" maxLength={100} data-testid="holder-input" />
          <FormTextField control={control} name="bankNo" id="bank-no" label={t('accounts.bankNo.label')} placeholder={t('accounts.bankNo.placeholder')} {...numeric} data-testid="bank-no-input" />
          <FormTextField control={control} name="confirmBankNo" id="confirm-bank-no" label={t('accounts.confirmBankNo.label')} placeholder={t('accounts.confirmBankNo.placeholder')} {...numeric} onPaste={(event) => event.preventDefault()} data-testid="confirm-bank-no-input" />
        </>
      ) : (
        <>
          <WalletField control={control} />
          <FormTextField control={control} name="accountCode" id="account-code" label={t('accounts.walletAccount.label')} placeholder={t('accounts.walletAccount.placeholder')} {...numeric} data-testid="wallet-account-input" />
          <FormTextField control={control} name="confirmAccountCode" id="confirm-account-code" label={t('accounts.confirmWalletAccount.label')} placeholder={t('accounts.confirmWalletAccount.placeholder')} {...numeric} onPaste={(event) => event.preventDefault()} data-testid="confirm-wallet-account-input" />
          <FormTextField control={control} name="accountUser" id="account-user" label={t('accounts.walletHolder.label')} placeholder={t('accounts.holder.placeholder')} autoComplete="name" maxLength={100} data-testid="holder-input" />
        </>
      )}
    </section>
  );
}

function RelationshipField({ control, index }: { control: FormControl; index: 0 | 1 }) {
  const { t, language } = useT();
  const options = EMERGENCY_RELATIONSHIP_CODES.map((code) => ({ value: String(code), label: EMERGENCY_RELATIONSHIP_LABELS[code][language] }));
  return (
    <FormPickerField
      control={control}
      name={`relativesInfoVOList.${index}.relatives`}
      id={`contact-${index + 1}-relationship`}
      label={t('accounts.contact.relationship')}
      placeholder={t('validation.select')}
      options={options}
      data-testid={`contact-${index + 1}-relationship`}
    />
  );
}

/** The two emergency contacts, typed in (the app never reads the address book). */
export function ContactFields({ control }: { control: FormControl }) {
  const { t } = useT();
  return (
    <section className="stack" aria-labelledby="contacts-section-title">
      <h2 className="form-section__title" id="contacts-section-title">
        {t('accounts.section.contacts')}
      </h2>
      <p className="form-page__hint">{t('accounts.contacts.hint')}</p>
      {([0, 1] as const).map((index) => (
        <fieldset key={index} className="contact-card stack">
          <legend className="contact-card__legend">{t('accounts.contact.title', { number: index + 1 })}</legend>
          <RelationshipField control={control} index={index} />
          <FormTextField
            control={control}
            name={`relativesInfoVOList.${index}.relativesName`}
            id={`contact-${index + 1}-name`}
            label={t('accounts.contact.name')}
            placeholder={t('accounts.contact.namePlaceholder')}
            autoComplete="off"
            maxLength={100}
            data-testid={`contact-${index + 1}-name`}
          />
          <FormTextField
            control={control}
            name={`relativesInfoVOList.${index}.relativesMobile`}
            id={`contact-${index + 1}-phone`}
            label={t('accounts.contact.phone')}
            placeholder={t('accounts.contact.phonePlaceholder')}
            type="tel"
            inputMode="numeric"
            autoComplete="off"
            maxLength={10}
            data-testid={`contact-${index + 1}-phone`}
          />
        </fieldset>
      ))}
    </section>
  );
}
