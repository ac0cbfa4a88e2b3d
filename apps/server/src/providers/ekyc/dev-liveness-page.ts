import { API_PATHS } from '@sen/contract';

const TEXTS = {
  vn: {
    title: 'Xác thực khuôn mặt',
    hint: 'Đưa khuôn mặt vào khung, nhìn thẳng và chớp mắt chậm.',
    start: 'Bắt đầu',
    opening: 'Đang mở camera…',
    capturing: 'Giữ yên, đang chụp…',
    checking: 'Đang kiểm tra…',
    passed: 'Xác thực thành công',
    failed: 'Không phát hiện chuyển động. Vui lòng thử lại.',
    noCamera: 'Không mở được camera. Vui lòng cho phép truy cập camera và thử lại.',
    error: 'Xác thực thất bại, vui lòng thử lại.',
    retry: 'Thử lại',
  },
  en: {
    title: 'Face verification',
    hint: 'Put your face in the frame, look straight ahead and blink slowly.',
    start: 'Start',
    opening: 'Opening the camera…',
    capturing: 'Hold still, capturing…',
    checking: 'Checking…',
    passed: 'Verification passed',
    failed: 'No movement detected. Please try again.',
    noCamera: 'The camera could not be opened. Please allow camera access and try again.',
    error: 'Verification failed, please try again.',
    retry: 'Try again',
  },
  zh: {
    title: '人脸验证',
    hint: '请将脸部置于框内，直视前方并慢慢眨眼。',
    start: '开始',
    opening: '正在打开摄像头…',
    capturing: '请保持不动，正在拍摄…',
    checking: '正在检查…',
    passed: '验证成功',
    failed: '未检测到动作，请重试。',
    noCamera: '无法打开摄像头，请允许访问摄像头后重试。',
    error: '验证失败，请重试。',
    retry: '重试',
  },
} as const;

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/**
 * The development provider's liveness page (decision 041), loaded in the app's frame: opens the
 * camera, takes three frames 700 ms apart, sends them with the page token to the capture endpoint
 * and posts the signed result it gets back to the parent window — to our own origin only
 * (targetOrigin), as `{ type: 'sen-liveness', bizNo, result, passed }`. Script by nonce; no
 * third-party code.
 */
export function devLivenessPage(options: { bizNo: string; pageToken: string; lang: string; nonce: string }): string {
  const texts = TEXTS[(options.lang in TEXTS ? options.lang : 'vn') as keyof typeof TEXTS];
  const config = JSON.stringify({ bizNo: options.bizNo, pt: options.pageToken, capture: API_PATHS.livenessDevCapture, texts }).replace(/</g, '\\u003c');
  return `<!doctype html>
<html lang="${options.lang === 'zh' ? 'zh' : options.lang === 'en' ? 'en' : 'vi'}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.title)}</title>
<style>
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif; background: #0f172a; color: #f8fafc; text-align: center; }
  main { padding: 16px; }
  h1 { font-size: 18px; margin: 8px 0 4px; }
  p { font-size: 14px; margin: 6px 0; line-height: 1.4; }
  .frame { position: relative; width: 240px; height: 240px; margin: 16px auto; border-radius: 50%; overflow: hidden; border: 4px solid #22c55e; background: #1e293b; }
  video { width: 100%; height: 100%; object-fit: cover; transform: scaleX(-1); }
  button { font-size: 16px; padding: 12px 32px; border-radius: 24px; border: 0; background: #22c55e; color: #052e16; font-weight: 600; min-width: 160px; }
  button[disabled] { opacity: .6; }
  #status { min-height: 40px; }
</style>
</head>
<body>
<main>
  <h1>${escapeHtml(texts.title)}</h1>
  <p>${escapeHtml(texts.hint)}</p>
  <div class="frame"><video id="video" autoplay muted playsinline aria-label="${escapeHtml(texts.title)}"></video></div>
  <p id="status" role="status" aria-live="polite"></p>
  <button id="start" type="button">${escapeHtml(texts.start)}</button>
</main>
<script nonce="${options.nonce}">
(() => {
  const config = ${config};
  const video = document.getElementById('video');
  const status = document.getElementById('status');
  const button = document.getElementById('start');
  let stream = null;
  const say = (text) => { status.textContent = text; };
  const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
  const post = (message) => { if (window.parent !== window) window.parent.postMessage(message, window.location.origin); };

  async function openCamera() {
    say(config.texts.opening);
    stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } }, audio: false });
    video.srcObject = stream;
    await video.play();
    await wait(300);
  }

  function frame() {
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth || 640;
    canvas.height = video.videoHeight || 480;
    canvas.getContext('2d').drawImage(video, 0, 0, canvas.width, canvas.height);
    return new Promise((resolve, reject) => canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('no frame'))), 'image/jpeg', 0.9));
  }

  async function run() {
    button.disabled = true;
    try {
      if (!stream) await openCamera();
    } catch (error) {
      say(config.texts.noCamera);
      post({ type: 'sen-liveness', bizNo: config.bizNo, error: 'camera' });
      button.disabled = false;
      button.textContent = config.texts.retry;
      return;
    }
    try {
      say(config.texts.capturing);
      const frames = [];
      for (let index = 0; index < 3; index += 1) {
        if (index > 0) await wait(700);
        frames.push(await frame());
      }
      say(config.texts.checking);
      const form = new FormData();
      form.append('bizNo', config.bizNo);
      form.append('pt', config.pt);
      frames.forEach((blob, index) => form.append('frame' + (index + 1), blob, 'frame' + (index + 1) + '.jpg'));
      const response = await fetch(config.capture, { method: 'POST', body: form, credentials: 'omit' });
      const envelope = await response.json();
      if (envelope.code !== 200) throw new Error(envelope.message || 'failed');
      const { result, passed } = envelope.data;
      say(passed ? config.texts.passed : config.texts.failed);
      post({ type: 'sen-liveness', bizNo: config.bizNo, result, passed });
      if (passed) {
        stream.getTracks().forEach((track) => track.stop());
        button.hidden = true;
        return;
      }
    } catch (error) {
      say(config.texts.error);
    }
    button.disabled = false;
    button.textContent = config.texts.retry;
  }

  button.addEventListener('click', run);
})();
</script>
</body>
</html>`;
}
