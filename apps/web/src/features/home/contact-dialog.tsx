import type { CustomerConfig } from '@sen/contract';
import { useState } from 'react';
import { CONTACT_CALL as CALL, contactTitle as titleOf, runContactAction } from '../../shared/contact/contact-actions.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { HeadsetIcon } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal.tsx';

/** The customer-service icon and its contact dialog (SPEC.md §1: 'Calling', 'copy success', 'copy failed', 'operation failed'). */
export function CustomerService({ configs }: { configs: CustomerConfig[] }) {
  const { t, language } = useT();
  const [open, setOpen] = useState(false);

  const act = runContactAction;

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
