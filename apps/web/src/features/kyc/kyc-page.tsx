import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import type { TranslationKey } from '../../locales/en.ts';
import { errorText } from '../../shared/forms/server-field-errors.ts';
import { useT } from '../../shared/i18n/use-translation.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CheckIcon, ShieldIcon } from '../../shared/ui/icons.tsx';
import { PageHeader } from '../../shared/ui/page-header.tsx';
import { QueryView } from '../../shared/ui/query-view.tsx';
import { useLeaveConfirm } from '../certification/index.ts';
import { compressImage, ImageCompressionError } from './compress-image.ts';
import { uploadKycImage, useKycInfo, type KycSlot } from './kyc-api.ts';
import { kycKeys } from './kyc-keys.ts';

interface SlotState {
  /** A preview: the local compressed picture, or the server's owner-only link. */
  preview: string | null;
  uploaded: boolean;
  /** 0-1 while uploading, null otherwise. */
  progress: number | null;
  error: string | null;
}

const SLOTS: { slot: KycSlot; titleKey: TranslationKey; hintKey: TranslationKey; capture: 'environment' | 'user' }[] = [
  { slot: 'front', titleKey: 'kyc.front', hintKey: 'kyc.front.hint', capture: 'environment' },
  { slot: 'back', titleKey: 'kyc.back', hintKey: 'kyc.back.hint', capture: 'environment' },
  { slot: 'selfie', titleKey: 'kyc.selfie', hintKey: 'kyc.selfie.hint', capture: 'user' },
];

const EMPTY: SlotState = { preview: null, uploaded: false, progress: null, error: null };

function UploadSlot({
  titleKey,
  hintKey,
  capture,
  state,
  onPick,
  testId,
}: {
  titleKey: TranslationKey;
  hintKey: TranslationKey;
  capture: 'environment' | 'user';
  state: SlotState;
  onPick: (file: File) => void;
  testId: string;
}) {
  const { t } = useT();
  const id = useId();
  const cameraRef = useRef<HTMLInputElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const busy = state.progress !== null;
  const pick = (input: HTMLInputElement | null) => {
    const file = input?.files?.[0];
    if (input) input.value = '';
    if (file) onPick(file);
  };
  return (
    <section className="kyc-slot" aria-labelledby={`${id}-title`} data-testid={testId}>
      <div className="kyc-slot__head">
        <h2 id={`${id}-title`} className="kyc-slot__title">
          {t(titleKey)}
        </h2>
        {state.uploaded && !busy ? (
          <span className="kyc-slot__done" data-testid={`${testId}-done`}>
            <CheckIcon width={16} height={16} aria-hidden="true" /> {t('kyc.uploaded')}
          </span>
        ) : null}
      </div>
      <div className="kyc-slot__preview">
        {state.preview ? <img src={state.preview} alt={t(titleKey)} /> : <p className="kyc-slot__hint">{t(hintKey)}</p>}
      </div>
      {busy ? (
        <div className="kyc-progress" role="progressbar" aria-label={t('kyc.uploading')} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round((state.progress ?? 0) * 100)}>
          <span className="kyc-progress__bar" style={{ width: `${Math.round((state.progress ?? 0) * 100)}%` }} />
        </div>
      ) : null}
      {state.error ? (
        <p className="kyc-slot__error" role="alert" data-testid={`${testId}-error`}>
          {state.error}
        </p>
      ) : null}
      <div className="kyc-slot__actions">
        <input ref={cameraRef} id={`${id}-camera`} className="visually-hidden" type="file" accept="image/*" capture={capture} tabIndex={-1} aria-hidden="true" onChange={(event) => pick(event.currentTarget)} data-testid={`${testId}-camera-input`} />
        <input ref={fileRef} id={`${id}-file`} className="visually-hidden" type="file" accept="image/jpeg,image/png,image/webp" tabIndex={-1} aria-hidden="true" onChange={(event) => pick(event.currentTarget)} data-testid={`${testId}-file-input`} />
        <Button size="small" color="primary" fill="solid" disabled={busy} onClick={() => cameraRef.current?.click()}>
          {state.uploaded ? t('kyc.retake') : t('kyc.takePhoto')}
        </Button>
        <Button size="small" fill="outline" color="primary" disabled={busy} onClick={() => fileRef.current?.click()}>
          {t('kyc.chooseFile')}
        </Button>
      </div>
    </section>
  );
}

/**
 * /authentication/batch/kyc: the ID card's front and back and a selfie (camera through the file
 * input's capture, or a file), each compressed in the browser and uploaded with a progress bar;
 * then the liveness frame (/kyc/face). A finished step goes back to the batch runner.
 */
export function KycPage() {
  const { t } = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const info = useKycInfo();
  const [slots, setSlots] = useState<Record<KycSlot, SlotState>>({ front: EMPTY, back: EMPTY, selfie: EMPTY });
  const previews = useRef<string[]>([]);
  const leave = useLeaveConfirm(true);

  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  useEffect(() => {
    if (info.data?.completed) void navigate(paths.authBatch, { replace: true });
  }, [info.data, navigate]);

  /** What was uploaded before (owner-only links from kyc/info) under what happened on this screen. */
  const serverUrls: Record<KycSlot, string | null> = {
    front: info.data?.frontImageUrl ?? null,
    back: info.data?.backImageUrl ?? null,
    selfie: info.data?.liveImageUrl ?? null,
  };
  const view = (slot: KycSlot): SlotState => {
    const local = slots[slot];
    const url = serverUrls[slot];
    return { ...local, preview: local.preview ?? url, uploaded: local.uploaded || url !== null };
  };

  const update = (slot: KycSlot, change: Partial<SlotState>) => setSlots((current) => ({ ...current, [slot]: { ...current[slot], ...change } }));

  const onPick = async (slot: KycSlot, file: File) => {
    update(slot, { error: null, progress: 0 });
    let image: Blob;
    try {
      image = await compressImage(file);
    } catch (error) {
      const reason = error instanceof ImageCompressionError ? error.reason : 'notImage';
      update(slot, { progress: null, error: t(reason === 'tooLarge' ? 'error.upload.tooLarge' : 'error.upload.notImage') });
      return;
    }
    const preview = URL.createObjectURL(image);
    previews.current.push(preview);
    try {
      await uploadKycImage(slot, image, (fraction) => update(slot, { progress: fraction }));
      update(slot, { preview, uploaded: true, progress: null, error: null });
      void queryClient.invalidateQueries({ queryKey: kycKeys.info() });
    } catch (error) {
      update(slot, { progress: null, error: errorText(error) });
    }
  };

  const ready = (['front', 'back', 'selfie'] as const).every((slot) => view(slot).uploaded && slots[slot].progress === null);

  return (
    <div className="page">
      <PageHeader title={t('page.kyc')} onBack={leave.onBack} />
      <main className="page__content kyc-page" data-testid="kyc-page">
        <p className="form-page__hint">{t('kyc.intro')}</p>
        <QueryView query={info}>
          {() => (
            <div className="stack">
              {SLOTS.map(({ slot, titleKey, hintKey, capture }) => (
                <UploadSlot key={slot} titleKey={titleKey} hintKey={hintKey} capture={capture} state={view(slot)} onPick={(file) => void onPick(slot, file)} testId={`kyc-${slot}`} />
              ))}
              <p className="kyc-safety">
                <ShieldIcon width={16} height={16} aria-hidden="true" /> {t('kyc.safety')}
              </p>
              <Button block color="primary" shape="rounded" size="large" disabled={!ready} onClick={() => navigate(paths.authBatchKycFace)} data-testid="kyc-next">
                {t('kyc.next')}
              </Button>
            </div>
          )}
        </QueryView>
      </main>
      {leave.dialog}
    </div>
  );
}
