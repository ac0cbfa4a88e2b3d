import type { CustomerConfig, Language } from '@sen/contract';
import { useState } from 'react';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { HeadsetIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';
import { showToast } from '../../shared/ui/toast.ts';

/** buttonType 2 calls the number; anything else copies the content (API-FAMILY.md §4.2). */
const CALL = 2;

function titleOf(config: CustomerConfig, language: Language): string {
  if (language === 'vn') return config.vernacularTitle || config.title;
  if (language === 'en') return config.enTitle || config.title;
  return config.title;
}

/** The customer-service icon and its contact dialog (SPEC.md §1: 'Calling', 'copy success', 'copy failed', 'operation failed'). */
export function CustomerService({ configs }: { configs: CustomerConfig[] }) {
  const { t, language } = useT();
  const [open, setOpen] = useState(false);

  const act = async (config: CustomerConfig) => {
    try {
      if (config.buttonType === CALL) {
        showToast(t('contact.calling'));
        window.location.assign(`tel:${config.content.replace(/[^\d+]/g, '')}`);
        return;
      }
      try {
        await navigator.clipboard.writeText(config.content);
        showToast(t('contact.copySuccess'));
      } catch {
        showToast(t('contact.copyFailed'));
      }
    } catch {
      showToast(t('contact.operationFailed'));
    }
  };

  if (configs.length === 0) return null;
  return (
    <>
      <button type="button" className="customer-service" aria-label={t('contact.open')} data-testid="customer-service" onClick={() => setOpen(true)}>
        <HeadsetIcon />
      </button>
      <Modal visible={open} onClose={() => setOpen(false)} title={t('contact.title')} data-testid="contact-dialog">
        <ul className="contact-list">
          {configs.map((config) => (
            <li key={`${config.title}-${config.content}`} className="contact-list__item">
              <div>
                <p className="contact-list__title">{titleOf(config, language)}</p>
                <p className="contact-list__content">{config.content}</p>
              </div>
              <Button size="small" color="primary" fill="outline" shape="rounded" onClick={() => void act(config)} data-testid="contact-action">
                {config.buttonType === CALL ? t('contact.call') : t('contact.copy')}
              </Button>
            </li>
          ))}
        </ul>
      </Modal>
    </>
  );
}
