import { bankBadge } from './bank-badge.ts';
import { Popup, SearchBar } from 'antd-mobile';
import { useMemo, useState } from 'react';
import { useT } from '../../shared/i18n/use-translation.ts';

export interface BankOption {
  id: number;
  shortName: string;
  bankName: string;
  bankCode: string;
}

/** Lower case without Vietnamese diacritics: 'Ngoại Thương' finds 'ngoai thuong'. */
export function searchable(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/đ/g, 'd')
    .replace(/Đ/g, 'D')
    .toLowerCase();
}

export function filterBanks<T extends BankOption>(banks: readonly T[], query: string): T[] {
  const wanted = searchable(query.trim());
  if (!wanted) return [...banks];
  return banks.filter((bank) => searchable(`${bank.shortName} ${bank.bankCode} ${bank.bankName}`).includes(wanted));
}

/** The searchable bank picker: a bottom sheet with a search bar and the banks by short name. */
export function BankPicker({ visible, banks, value, onClose, onPick }: { visible: boolean; banks: readonly BankOption[]; value: string; onClose: () => void; onPick: (id: string) => void }) {
  const { t } = useT();
  const [query, setQuery] = useState('');
  const shown = useMemo(() => filterBanks(banks, query), [banks, query]);
  return (
    <Popup visible={visible} onMaskClick={onClose} onClose={onClose} bodyClassName="bank-picker" destroyOnClose>
      <div role="dialog" aria-modal="true" aria-labelledby="bank-picker-title" className="bank-picker__inner" data-testid="bank-picker">
        <div className="bank-picker__header">
          <h2 id="bank-picker-title" className="bank-picker__title">
            {t('accounts.bank.pick')}
          </h2>
          <button type="button" className="link-button" onClick={onClose}>
            {t('common.cancel')}
          </button>
        </div>
        <SearchBar placeholder={t('accounts.bank.search')} value={query} onChange={setQuery} aria-label={t('accounts.bank.search')} data-testid="bank-search" />
        <ul className="bank-picker__list">
          {shown.map((bank) => (
            <li key={bank.id}>
              <button
                type="button"
                className={`bank-picker__item${String(bank.id) === value ? ' is-selected' : ''}`}
                aria-pressed={String(bank.id) === value}
                onClick={() => {
                  onPick(String(bank.id));
                  setQuery('');
                }}
                data-testid={`bank-option-${bank.bankCode}`}
              >
                <span className="bank-logo" aria-hidden="true">
                  {bankBadge(bank.bankCode, bank.shortName)}
                </span>
                <span className="bank-picker__names">
                  <span className="bank-picker__short">{bank.shortName}</span>
                  <span className="bank-picker__long">{bank.bankName}</span>
                </span>
              </button>
            </li>
          ))}
          {shown.length === 0 ? <li className="bank-picker__empty">{t('accounts.bank.none')}</li> : null}
        </ul>
      </div>
    </Popup>
  );
}
