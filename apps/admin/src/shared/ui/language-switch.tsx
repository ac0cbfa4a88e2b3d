import { Segmented } from 'antd';
import { changeLanguage, useT } from '../i18n/i18n.ts';
import type { AdminLanguage } from '../i18n/language.ts';

/** Tiếng Việt / English: each label in its own language, so either reader finds theirs. */
export function LanguageSwitch() {
  const { t, language } = useT();
  return (
    <Segmented<AdminLanguage>
      aria-label={t('common.language')}
      size="small"
      value={language}
      onChange={(value) => void changeLanguage(value)}
      options={[
        { value: 'vn', label: <span lang="vi">Tiếng Việt</span> },
        { value: 'en', label: <span lang="en">English</span> },
      ]}
    />
  );
}
