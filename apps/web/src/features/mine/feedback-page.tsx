import { FEEDBACK_MAX_IMAGES, FEEDBACK_MAX_LENGTH, IMAGE_UPLOAD_MAX_BYTES, type FeedbackReceipt } from '@sen/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { INTL_LOCALE } from '../../shared/i18n/format.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { isRequestError } from '../../shared/request/request-error.ts';
import { Button } from '../../shared/ui/button.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { CheckIcon } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { showToast } from '../../shared/ui/toast.ts';
import { submitFeedback, useMyFeedback } from './mine-api.ts';
import { mineKeys } from './mine-keys.ts';
import './mine.css';

/** /mine/settings/feedback: write feedback (score/review), see the confirmation and what was sent before. */
export function FeedbackPage() {
  const { t, language } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const fieldId = useId();
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [receipt, setReceipt] = useState<FeedbackReceipt | null>(null);
  const [images, setImages] = useState<{ file: File; url: string }[]>([]);
  const [imageError, setImageError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  // Preview URLs are released when the pictures leave the form.
  useEffect(() => () => images.forEach((image) => URL.revokeObjectURL(image.url)), [images]);

  const addImages = (files: FileList | null) => {
    if (!files) return;
    const picked = [...files];
    const room = FEEDBACK_MAX_IMAGES - images.length;
    const accepted = picked.filter((file) => /^image\/(jpeg|png|webp)$/.test(file.type) && file.size <= IMAGE_UPLOAD_MAX_BYTES).slice(0, room);
    if (picked.length > room) setImageError(t('validation.feedback.tooManyImages'));
    else if (accepted.length < picked.length) setImageError(t('feedback.images.refused'));
    else setImageError(null);
    if (accepted.length > 0) setImages((current) => [...current, ...accepted.map((file) => ({ file, url: URL.createObjectURL(file) }))]);
    if (fileInput.current) fileInput.current.value = '';
  };
  const removeImage = (index: number) => {
    setImageError(null);
    setImages((current) => current.filter((_, position) => position !== index));
  };
  const history = useMyFeedback();
  const formatTime = (iso: string) => new Date(iso).toLocaleString(INTL_LOCALE[language], { dateStyle: 'medium', timeStyle: 'short' });

  const submit = async () => {
    const text = content.trim();
    if (!text) return setError(t('validation.required'));
    if (text.length > FEEDBACK_MAX_LENGTH) return setError(t('validation.feedback.tooLong'));
    setError(null);
    try {
      const sent = await submitFeedback(
        text,
        images.map((image) => image.file),
        { skipErrorHandler: true },
      );
      setReceipt(sent);
      setContent('');
      setImages([]);
      void queryClient.invalidateQueries({ queryKey: mineKeys.feedback() });
    } catch (failure) {
      // A field rule the server applied (length, characters) goes beside the field; anything else is a toast.
      if (isRequestError(failure) && failure.code === 400) setError(errorText(failure));
      else showToast(errorText(failure));
    }
  };

  if (receipt) {
    return (
      <div className="page">
        <PageHeader title={t('page.feedback')} />
        <main className="page__content result" data-testid="feedback-done">
          <div className="result__icon result__icon--success">
            <CheckIcon width={40} height={40} />
          </div>
          <h1 className="result__title">{t('feedback.done.title')}</h1>
          <p className="result__text">{t('feedback.done.text', { id: receipt.id, time: formatTime(receipt.createdAt) })}</p>
          <Button block color="primary" shape="rounded" size="large" onClick={() => void navigate(paths.settings, { replace: true })} data-testid="feedback-back">
            {t('feedback.done.back')}
          </Button>
          <Button block shape="rounded" size="large" onClick={() => setReceipt(null)} data-testid="feedback-more">
            {t('feedback.done.more')}
          </Button>
        </main>
      </div>
    );
  }

  const errorId = `${fieldId}-error`;
  const countId = `${fieldId}-count`;
  return (
    <div className="page form-screen">
      <PageHeader title={t('page.feedback')} />
      <main className="page__content form-page" data-testid="feedback-page">
        <p className="form-page__hint">{t('feedback.hint')}</p>
        <form
          noValidate
          className="stack"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <div className={`field${error ? ' field--invalid' : ''}`}>
            <label className="field__label" htmlFor={fieldId}>
              {t('feedback.label')}
            </label>
            <textarea
              id={fieldId}
              className="mine-textarea"
              rows={6}
              value={content}
              maxLength={FEEDBACK_MAX_LENGTH}
              placeholder={t('feedback.placeholder')}
              aria-invalid={error ? true : undefined}
              aria-describedby={[error ? errorId : null, countId].filter(Boolean).join(' ')}
              onChange={(event) => {
                setContent(event.target.value);
                if (error) setError(null);
              }}
              data-testid="feedback-input"
            />
            <p className="mine-textarea__count" id={countId}>
              {content.length}/{FEEDBACK_MAX_LENGTH}
            </p>
            {error ? (
              <p className="field__error" id={errorId} role="alert" data-testid="feedback-error">
                {error}
              </p>
            ) : null}
          </div>
          <fieldset className="mine-images" aria-describedby={imageError ? `${fieldId}-images-error` : undefined}>
            <legend className="field__label">{t('feedback.images.label', { max: FEEDBACK_MAX_IMAGES })}</legend>
            <ul className="mine-images__list">
              {images.map((image, index) => (
                <li key={image.url} className="mine-images__item">
                  <img src={image.url} alt={t('feedback.images.alt', { index: index + 1 })} className="mine-images__thumb" />
                  <button
                    type="button"
                    className="mine-images__remove"
                    aria-label={t('feedback.images.remove', { index: index + 1 })}
                    onClick={() => removeImage(index)}
                    data-testid="feedback-image-remove"
                  >
                    ×
                  </button>
                </li>
              ))}
              {images.length < FEEDBACK_MAX_IMAGES ? (
                <li>
                  <label className="mine-images__add">
                    <input
                      ref={fileInput}
                      type="file"
                      accept="image/jpeg,image/png,image/webp"
                      multiple
                      className="visually-hidden"
                      onChange={(event) => addImages(event.target.files)}
                      data-testid="feedback-image-input"
                    />
                    <span aria-hidden="true">+</span>
                    <span className="visually-hidden">{t('feedback.images.add')}</span>
                  </label>
                </li>
              ) : null}
            </ul>
            {imageError ? (
              <p className="field__error" id={`${fieldId}-images-error`} role="alert">
                {imageError}
              </p>
            ) : null}
          </fieldset>
          <SubmitButton label={t('feedback.submit')} onSubmit={submit} />
        </form>

        <h2 className="section-title">{t('feedback.history')}</h2>
        <QueryView
          query={history}
          size="section"
          isEmpty={(items) => items.length === 0}
          empty={
            <p className="mine-state" data-testid="feedback-history-empty">
              {t('feedback.history.empty')}
            </p>
          }
        >
          {(items) => (
            <ul className="mine-card-list" data-testid="feedback-history">
              {items.map((item) => (
                <li key={item.id} className="mine-card mine-feedback-item">
                  <p className="mine-feedback-item__meta">
                    #{item.id} · <time dateTime={item.createdAt}>{formatTime(item.createdAt)}</time>
                  </p>
                  <p className="mine-feedback-item__text">{item.content}</p>
                  {item.images.length > 0 ? (
                    <div className="mine-images__list mine-images__list--small">
                      {item.images.map((link, index) => (
                        <img key={link} src={link} alt={t('feedback.images.alt', { index: index + 1 })} className="mine-images__thumb" loading="lazy" />
                      ))}
                    </div>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </QueryView>
      </main>
    </div>
  );
}

function SubmitButton({ label, onSubmit }: { label: string; onSubmit: () => Promise<unknown> }) {
  return (
    <Button block color="primary" shape="rounded" size="large" onClick={onSubmit} data-testid="feedback-submit">
      {label}
    </Button>
  );
}
