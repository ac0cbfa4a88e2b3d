import { useEffect, useRef, useState } from 'react';
import { useT } from '../../shared/i18n/use-translation.ts';

/**
 * A signature drawn with a finger or a mouse (the family's isSign 0: signPic). Reports the drawing
 * as a PNG when a stroke ends, or null once cleared. Pointer events, so touch, pen and mouse behave
 * the same; the canvas is sized to its box at the device's pixel ratio, so lines stay sharp.
 */
export function SignaturePad({ onChange }: { onChange: (png: Blob | null) => void }) {
  const { t } = useT();
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const [signed, setSigned] = useState(false);

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = element.getBoundingClientRect();
    element.width = Math.max(1, Math.round(width * ratio));
    element.height = Math.max(1, Math.round(height * ratio));
    const context = element.getContext('2d');
    if (!context) return;
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#102a2b';
  }, []);

  const point = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - box.left, y: event.clientY - box.top };
  };
  const start = (event: React.PointerEvent<HTMLCanvasElement>) => {
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drawing.current = true;
    const { x, y } = point(event);
    context.beginPath();
    context.moveTo(x, y);
    context.lineTo(x + 0.1, y + 0.1);
    context.stroke();
  };
  const move = (event: React.PointerEvent<HTMLCanvasElement>) => {
    if (!drawing.current) return;
    const context = event.currentTarget.getContext('2d');
    if (!context) return;
    const { x, y } = point(event);
    context.lineTo(x, y);
    context.stroke();
  };
  const end = () => {
    if (!drawing.current) return;
    drawing.current = false;
    setSigned(true);
    canvas.current?.toBlob((blob) => onChange(blob), 'image/png');
  };
  const clear = () => {
    const element = canvas.current;
    element?.getContext('2d')?.clearRect(0, 0, element.width, element.height);
    setSigned(false);
    onChange(null);
  };

  return (
    <div className="signature">
      <canvas
        ref={canvas}
        className="signature__canvas"
        role="img"
        aria-label={signed ? t('borrow.sign.done') : t('borrow.sign.label')}
        data-testid="signature-pad"
        onPointerDown={start}
        onPointerMove={move}
        onPointerUp={end}
        onPointerLeave={end}
        onPointerCancel={end}
      />
      <div className="signature__footer">
        <span>{signed ? t('borrow.sign.done') : t('borrow.sign.hint')}</span>
        <button type="button" className="link-button" onClick={clear} disabled={!signed}>
          {t('borrow.sign.clear')}
        </button>
      </div>
    </div>
  );
}
