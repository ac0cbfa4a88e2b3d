import { borrowerRevealRequestSchema, type BorrowerReveal, type RevealTarget } from '@sen/contract';
import { Alert, Button, Form, Input, Modal, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../shared/format/format.ts';
import { zodRule } from '../../shared/forms/zod-rule.ts';
import { useT } from '../../shared/i18n/i18n.ts';
import { errorMessage } from '../../shared/request/admin-request-error.ts';
import { fetchAdminImage } from '../../shared/request/call-admin.ts';
import { useRevealBorrower } from './borrower-queries.ts';

/**
 * Reveal a borrower's full ID number or their ID images (decision 097): first the reason, which the
 * audit trail keeps with the operator's name; then the value, or the images watermarked with the
 * operator and the time. Nothing revealed is kept once the dialog closes.
 */
export function RevealDialog({ userId, what, onClose }: { userId: number; what: RevealTarget | null; onClose: () => void }) {
  const { t } = useT();
  return (
    <Modal
      open={what !== null}
      title={what ? t(what === 'idNumber' ? 'borrowers.reveal.idNumberTitle' : 'borrowers.reveal.idImagesTitle') : ''}
      footer={null}
      onCancel={onClose}
      width={what === 'idImages' ? 960 : 560}
      destroyOnHidden
    >
      {what && <RevealFlow userId={userId} what={what} onClose={onClose} />}
    </Modal>
  );
}

function RevealFlow({ userId, what, onClose }: { userId: number; what: RevealTarget; onClose: () => void }) {
  const { t } = useT();
  const [form] = Form.useForm<{ reason: string }>();
  const reveal = useRevealBorrower();
  const [error, setError] = useState<string | null>(null);

  if (reveal.data) return <Revealed revealed={reveal.data} onClose={onClose} />;
  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={({ reason }) => {
        setError(null);
        reveal.mutate({ userId, what, reason: reason.trim() }, { onError: (failure) => setError(errorMessage(failure)) });
      }}
    >
      <Alert type="info" showIcon title={t('borrowers.reveal.audited')} className="form-alert" />
      <Form.Item name="reason" label={t('borrowers.reveal.reason')} extra={t('borrowers.reveal.reasonHelp')} rules={[zodRule(borrowerRevealRequestSchema.shape.reason)]} validateTrigger="onSubmit">
        <Input.TextArea rows={3} maxLength={500} />
      </Form.Item>
      {error && <Alert type="error" showIcon title={error} className="form-alert" />}
      <div className="dialog-actions">
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button type="primary" htmlType="submit" loading={reveal.isPending}>
          {t('borrowers.reveal.submit')}
        </Button>
      </div>
    </Form>
  );
}

function Revealed({ revealed, onClose }: { revealed: BorrowerReveal; onClose: () => void }) {
  const { t } = useT();
  return (
    <div>
      {revealed.what === 'idNumber' ? (
        <div className="revealed-value">
          <Typography.Text type="secondary">{t('borrowers.idNumber')}</Typography.Text>
          <div className="revealed-value__text" data-testid="revealed-id-number">
            {revealed.idNumber}
          </div>
        </div>
      ) : (
        <>
          <Typography.Paragraph type="secondary">{t('borrowers.reveal.imagesNote', { time: formatDateTime(revealed.expiresAt) })}</Typography.Paragraph>
          <div className="revealed-images">
            {revealed.images.map((image) => (
              <RevealedImage key={image.side} url={image.url} alt={t(`borrowers.reveal.image.${image.side}`)} />
            ))}
          </div>
        </>
      )}
      <div className="dialog-actions">
        <Button type="primary" onClick={onClose}>
          {t('common.done')}
        </Button>
      </div>
    </div>
  );
}

/** One watermarked image, fetched with the back office's headers; its object URL is released when it goes. */
function RevealedImage({ url, alt }: { url: string; alt: string }) {
  const [state, setState] = useState<{ src: string | null; error: string | null }>({ src: null, error: null });
  useEffect(() => {
    const controller = new AbortController();
    let objectUrl: string | null = null;
    fetchAdminImage(url, { signal: controller.signal })
      .then((src) => {
        objectUrl = src;
        setState({ src, error: null });
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setState({ src: null, error: errorMessage(failure) });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return (
    <figure className="revealed-images__item">
      {state.src ? <img src={state.src} alt={alt} /> : state.error ? <Alert type="error" showIcon title={state.error} /> : <Spin />}
      <figcaption>{alt}</figcaption>
    </figure>
  );
}
