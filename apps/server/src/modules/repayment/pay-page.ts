import { API_PATHS, INTL_LOCALE, LANG_HEADER, type Language, type RepayStatus } from '@sen/contract';
import { formatVnd } from '@sen/domain';

/*
 * Our repayment page (payUrl, /pay/<token>; docs/decisions/076): small, self-contained HTML that
 * opens in the family's WebView or any browser, with no session and no third-party code. It shows
 * the amount, the VietQR code (inline SVG drawn on the server), bank, account number, holder and
 * transfer content each with a copy button, the expiry, the orders and a live status polled from
 * payPageStatus until the money is in; outside production a 'Pay now (development)' button sends
 * the bank's webhook for this transfer (devPayNow). Scripts and styles run by nonce under a
 * strict CSP; every control is a labelled button; texts in en/vn/zh.
 */

const TEXTS = {
  vn: {
    title: 'Thanh toán khoản vay',
    amountLabel: 'Số tiền cần chuyển',
    scanHint: 'Quét mã VietQR bằng ứng dụng ngân hàng bất kỳ, hoặc chuyển khoản theo thông tin dưới đây.',
    qrLabel: 'Mã VietQR của giao dịch chuyển khoản này',
    bank: 'Ngân hàng',
    account: 'Số tài khoản',
    holder: 'Chủ tài khoản',
    amount: 'Số tiền',
    content: 'Nội dung chuyển khoản',
    contentHint: 'Ghi chính xác nội dung này để chúng tôi nhận diện khoản thanh toán của bạn.',
    copy: 'Sao chép',
    copyWhat: 'Sao chép {what}',
    copied: 'Đã sao chép {what}',
    copyFailed: 'Sao chép thất bại, vui lòng chép thủ công',
    validUntil: 'Số tiền này có hiệu lực đến {time} (giờ Việt Nam). Khoản chuyển sau thời điểm đó vẫn được ghi nhận cho khoản vay của bạn.',
    expired: 'Số tiền này chỉ có hiệu lực đến {time}; lãi có thể đã phát sinh thêm. Hãy mở lại mục trả nợ từ đơn vay để có số tiền hôm nay.',
    orders: 'Đơn vay',
    owed: 'Còn phải trả',
    waiting: 'Đang chờ bạn chuyển khoản…',
    partly: 'Đã nhận {paid}. Vui lòng chuyển phần còn lại.',
    paid: 'Đã nhận thanh toán {paid}. Cảm ơn bạn!',
    settled: 'Khoản vay đã được tất toán. Cảm ơn bạn!',
    refreshFailed: 'Chưa cập nhật được trạng thái, đang thử lại…',
    devPay: 'Thanh toán ngay (môi trường phát triển)',
    devHint: 'Chỉ dùng khi phát triển: gửi thông báo chuyển khoản của ngân hàng cho giao dịch này.',
    devPaying: 'Đang gửi…',
    noScript: 'Tải lại trang để xem trạng thái mới nhất.',
    missingTitle: 'Không tìm thấy trang thanh toán',
    missingBody: 'Liên kết thanh toán này không hợp lệ. Vui lòng mở lại mục trả nợ từ đơn vay của bạn.',
    currency: '₫',
  },
  en: {
    title: 'Repayment',
    amountLabel: 'Amount to transfer',
    scanHint: 'Scan this VietQR code with any Vietnamese banking app, or transfer by hand with the details below.',
    qrLabel: 'VietQR code of this transfer',
    bank: 'Bank',
    account: 'Account number',
    holder: 'Account holder',
    amount: 'Amount',
    content: 'Transfer content',
    contentHint: 'Write exactly this content so that we can find your payment.',
    copy: 'Copy',
    copyWhat: 'Copy {what}',
    copied: '{what} copied',
    copyFailed: 'Copy failed, please copy it by hand',
    validUntil: 'This amount is valid until {time} (Vietnam time). A transfer after that is still applied to your loan.',
    expired: "This amount was valid until {time}; interest may have been added since. Open the repayment again from your order for today's amount.",
    orders: 'Orders',
    owed: 'Still owed',
    waiting: 'Waiting for your transfer…',
    partly: 'We received {paid}. Please transfer the rest.',
    paid: 'Payment of {paid} received. Thank you!',
    settled: 'Your loan is fully repaid. Thank you!',
    refreshFailed: 'Could not refresh the status, trying again…',
    devPay: 'Pay now (development)',
    devHint: "Development only: sends the bank's notification of this transfer.",
    devPaying: 'Sending…',
    noScript: 'Reload the page to see the latest status.',
    missingTitle: 'Payment page not found',
    missingBody: 'This payment link is not valid. Please open the repayment again from your order.',
    currency: '₫',
  },
  zh: {
    title: '还款',
    amountLabel: '转账金额',
    scanHint: '请用任意越南银行App扫描此VietQR码，或按以下信息手动转账。',
    qrLabel: '本次转账的VietQR码',
    bank: '银行',
    account: '账号',
    holder: '户名',
    amount: '金额',
    content: '转账备注',
    contentHint: '请准确填写此备注，以便我们识别您的还款。',
    copy: '复制',
    copyWhat: '复制{what}',
    copied: '已复制{what}',
    copyFailed: '复制失败，请手动复制',
    validUntil: '该金额有效期至 {time}（越南时间）。之后的转账仍会计入您的借款。',
    expired: '该金额仅在 {time} 前有效，之后可能已产生新的利息。请从订单重新打开还款以获取今日金额。',
    orders: '订单',
    owed: '剩余应还',
    waiting: '等待您的转账…',
    partly: '已收到 {paid}，请转入剩余金额。',
    paid: '已收到还款 {paid}，谢谢！',
    settled: '您的借款已全部结清，谢谢！',
    refreshFailed: '暂时无法更新状态，正在重试…',
    devPay: '立即支付（开发环境）',
    devHint: '仅限开发环境：发送本次转账的银行通知。',
    devPaying: '正在发送…',
    noScript: '请刷新页面查看最新状态。',
    missingTitle: '找不到还款页面',
    missingBody: '此还款链接无效，请从订单重新打开还款。',
    currency: '₫',
  },
} as const satisfies Record<Language, Record<string, string>>;

const HTML_LANG: Record<Language, string> = { vn: 'vi', en: 'en', zh: 'zh' };

/** The page's language: `lang` in the query (en, vn or vi, zh), else the first one Accept-Language names, else Vietnamese. */
export function pageLanguage(query: string | undefined, acceptLanguage: string | undefined): Language {
  const pick = (value: string): Language | null => {
    const code = value.trim().toLowerCase().slice(0, 2);
    return code === 'en' ? 'en' : code === 'zh' ? 'zh' : code === 'vn' || code === 'vi' ? 'vn' : null;
  };
  if (query) {
    const chosen = pick(query);
    if (chosen) return chosen;
  }
  for (const part of (acceptLanguage ?? '').split(',')) {
    const chosen = pick(part.split(';')[0] ?? '');
    if (chosen) return chosen;
  }
  return 'vn';
}

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** Text with {name} filled (values are escaped by the caller's context: they are ours, not user input). */
function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

function money(amount: number, lang: Language): string {
  // The app's one money format per language (decision 113); the page's script writes the same with Intl.
  return formatVnd(BigInt(amount), lang, { symbol: true });
}

/** 'HH:mm dd/MM/yyyy' on Vietnam's clock. */
function vietnamTime(instant: Date): string {
  const local = new Date(instant.getTime() + 7 * 60 * 60 * 1000).toISOString();
  return `${local.slice(11, 16)} ${local.slice(8, 10)}/${local.slice(5, 7)}/${local.slice(0, 4)}`;
}

export interface PayPageView {
  lang: Language;
  nonce: string;
  token: string;
  status: RepayStatus;
  expiresAt: Date;
  transfer: { bankName: string; accountNumber: string; accountName: string; transferContent: string; amount: number };
  /** The QR code as an SVG element (from the `qrcode` package; no user text in it). */
  qrSvg: string;
  /** Outside production: the 'Pay now (development)' button. */
  devPayNow: boolean;
}

/** The status line's text for a request's status (also computed by the page's script as it polls). */
function statusText(status: RepayStatus, lang: Language): string {
  const texts = TEXTS[lang];
  if (status.orders.length > 0 && status.orders.every((order) => order.orderStatus === 40)) return texts.settled;
  if (status.status === 'paid') return fill(texts.paid, { paid: money(status.paidAmount, lang) });
  if (status.status === 'partly_paid') return fill(texts.partly, { paid: money(status.paidAmount, lang) });
  return texts.waiting;
}

function page(lang: Language, nonce: string, title: string, body: string, script = ''): string {
  return `<!doctype html>
<html lang="${HTML_LANG[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<link rel="icon" href="data:,">
<title>${escapeHtml(title)}</title>
<style nonce="${nonce}">
  *, *::before, *::after { box-sizing: border-box; }
  body { margin: 0; font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif; background: #f3f4f6; color: #111827; font-size: 16px; line-height: 1.45; }
  main { max-width: 480px; margin: 0 auto; padding: 16px; }
  h1 { font-size: 20px; margin: 4px 0 12px; }
  .card { background: #ffffff; border-radius: 12px; padding: 16px; margin-bottom: 12px; }
  .amount-label { margin: 0; color: #4b5563; font-size: 14px; }
  .amount { margin: 2px 0 0; font-size: 28px; font-weight: 700; }
  .qr { display: block; width: 240px; max-width: 100%; height: auto; margin: 12px auto 4px; }
  .hint { color: #4b5563; font-size: 14px; margin: 8px 0 0; }
  dl { margin: 0; }
  .row { padding: 10px 0; border-bottom: 1px solid #e5e7eb; }
  .row:last-child { border-bottom: 0; }
  dt { color: #4b5563; font-size: 14px; }
  dd { margin: 0; display: flex; align-items: center; gap: 8px; }
  dd span { flex: 1; min-width: 0; font-weight: 600; overflow-wrap: anywhere; }
  button { font: inherit; border-radius: 8px; cursor: pointer; min-height: 44px; }
  .copy { border: 1px solid #0f766e; background: #ffffff; color: #0f766e; padding: 6px 14px; font-size: 14px; font-weight: 600; }
  .primary { width: 100%; border: 0; background: #0f766e; color: #ffffff; padding: 12px; font-weight: 600; }
  button:focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  button[disabled] { opacity: .6; cursor: default; }
  #status { font-weight: 600; padding: 12px 16px; border-radius: 12px; background: #fffbeb; color: #78350f; margin-bottom: 12px; }
  #status[data-state="paid"] { background: #f0fdf4; color: #14532d; }
  .orders { list-style: none; margin: 0; padding: 0; }
  h2.amount-label { margin-top: 12px; }
  .orders li { display: flex; justify-content: space-between; gap: 8px; padding: 6px 0; }
  .orders li > span:last-child { white-space: nowrap; font-weight: 600; }
  .muted { color: #4b5563; }
  #copy-status { min-height: 1.45em; color: #14532d; font-size: 14px; margin: 8px 0 0; }
  .offscreen { position: fixed; left: -9999px; top: 0; }
</style>
</head>
<body>
<main>
${body}
</main>
${script}
</body>
</html>`;
}

function orderItems(status: RepayStatus, lang: Language): string {
  return status.orders
    .map(
      (order) =>
        `<li><span>${escapeHtml(order.orderNo)} <span class="muted">· ${escapeHtml(order.statusLabel)}</span></span><span>${escapeHtml(money(order.outstandingAmount, lang))}</span></li>`,
    )
    .join('');
}

/** The repayment page of a request. */
export function renderPayPage(view: PayPageView): string {
  const { lang, transfer, status } = view;
  const texts = TEXTS[lang];
  const expired = status.status === 'expired';
  const settledOrPaid = status.status === 'paid' || status.orders.every((order) => order.orderStatus === 40);
  // Once every loan of the request is settled there is nothing to transfer: no QR, no amount (issue 25 item 8).
  const settled = status.orders.length > 0 && status.orders.every((order) => order.orderStatus === 40);
  const hidden = settled ? ' hidden' : '';
  // `copied` is what the button copies when it differs from what is shown (the amount: digits only, for a banking app).
  const field = (id: string, label: string, value: string, copied = value) =>
    `<div class="row"><dt>${escapeHtml(label)}</dt><dd><span id="${id}">${escapeHtml(value)}</span>` +
    `<button type="button" class="copy" data-copy="${escapeHtml(copied)}" data-what="${escapeHtml(label)}" aria-label="${escapeHtml(fill(texts.copyWhat, { what: label }))}">${escapeHtml(texts.copy)}</button></dd></div>`;
  const body = `<h1>${escapeHtml(texts.title)}</h1>
<p id="status" role="status" aria-live="polite" data-state="${settledOrPaid ? 'paid' : 'waiting'}">${escapeHtml(statusText(status, lang))}</p>
<section class="card transfer" aria-labelledby="amount-heading"${hidden}>
  <p class="amount-label" id="amount-heading">${escapeHtml(texts.amountLabel)}</p>
  <p class="amount">${escapeHtml(money(transfer.amount, lang))}</p>
  <svg role="img" aria-label="${escapeHtml(texts.qrLabel)}" class="qr" ${view.qrSvg.replace(/^<svg\s+/, '').replace(/<\/svg>\s*$/, '')}</svg>
  <p class="hint">${escapeHtml(texts.scanHint)}</p>
</section>
<section class="card transfer"${hidden}>
  <dl>
    ${field('bank', texts.bank, transfer.bankName)}
    ${field('account', texts.account, transfer.accountNumber)}
    ${field('holder', texts.holder, transfer.accountName)}
    ${field('amount', texts.amount, money(transfer.amount, lang), String(transfer.amount))}
    ${field('content', texts.content, transfer.transferContent)}
  </dl>
  <p class="hint">${escapeHtml(texts.contentHint)}</p>
  <p id="copy-status" role="status" aria-live="polite"></p>
</section>
<section class="card">
  <p class="hint" id="expiry"${hidden}>${escapeHtml(fill(expired ? texts.expired : texts.validUntil, { time: vietnamTime(view.expiresAt) }))}</p>
  <h2 class="amount-label">${escapeHtml(texts.orders)}</h2>
  <ul class="orders" id="orders">${orderItems(status, lang)}</ul>
</section>
${
  view.devPayNow
    ? `<section class="card"><button type="button" class="primary" id="dev-pay">${escapeHtml(texts.devPay)}</button><p class="hint">${escapeHtml(texts.devHint)}</p></section>`
    : ''
}
<noscript><p class="hint">${escapeHtml(texts.noScript)}</p></noscript>`;
  const config = JSON.stringify({
    token: view.token,
    statusUrl: API_PATHS.payPageStatus,
    devPayUrl: view.devPayNow ? API_PATHS.devPayNow : null,
    langHeader: LANG_HEADER[lang],
    locale: INTL_LOCALE[lang],
    done: settledOrPaid,
    // The page's script needs only the texts it shows; a production page carries nothing of the development button.
    texts: view.devPayNow ? texts : Object.fromEntries(Object.entries(texts).filter(([key]) => !key.startsWith('dev'))),
  }).replace(/</g, '\\u003c');
  const script = `<script nonce="${view.nonce}">
(() => {
  const config = ${config};
  const statusLine = document.getElementById('status');
  const copyStatus = document.getElementById('copy-status');
  const ordersList = document.getElementById('orders');
  const fill = (text, values) => text.replace(/\\{(\\w+)\\}/g, (whole, name) => (name in values ? values[name] : whole));
  const money = (amount) => new Intl.NumberFormat(config.locale, { maximumFractionDigits: 0 }).format(amount) + '\u00a0' + config.texts.currency;
  const startedAt = Date.now();
  let done = config.done;
  let timer = null;

  async function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      await navigator.clipboard.writeText(text);
      return;
    }
    const area = document.createElement('textarea');
    area.value = text;
    area.setAttribute('readonly', '');
    area.className = 'offscreen';
    document.body.appendChild(area);
    area.select();
    const copied = document.execCommand('copy');
    area.remove();
    if (!copied) throw new Error('copy failed');
  }

  document.querySelectorAll('button[data-copy]').forEach((button) => {
    button.addEventListener('click', async () => {
      const value = button.dataset.copy;
      try {
        await copyText(value);
        copyStatus.textContent = fill(config.texts.copied, { what: button.dataset.what });
      } catch (error) {
        copyStatus.textContent = config.texts.copyFailed;
      }
    });
  });

  function render(status) {
    const settled = status.orders.length > 0 && status.orders.every((order) => order.orderStatus === 40);
    let text = config.texts.waiting;
    if (settled) text = config.texts.settled;
    else if (status.status === 'paid') text = fill(config.texts.paid, { paid: money(status.paidAmount) });
    else if (status.status === 'partly_paid') text = fill(config.texts.partly, { paid: money(status.paidAmount) });
    statusLine.textContent = text;
    done = settled || status.status === 'paid';
    statusLine.dataset.state = done ? 'paid' : 'waiting';
    ordersList.replaceChildren(...status.orders.map((order) => {
      const item = document.createElement('li');
      const name = document.createElement('span');
      name.textContent = order.orderNo + ' ';
      const label = document.createElement('span');
      label.className = 'muted';
      label.textContent = '· ' + order.statusLabel;
      name.appendChild(label);
      const owed = document.createElement('span');
      owed.textContent = money(order.outstandingAmount);
      item.append(name, owed);
      return item;
    }));
    // Settled: nothing to transfer, so neither the amount nor how long it stands (issue 25 item 8).
    if (settled) for (const section of document.querySelectorAll('.transfer, #expiry')) section.hidden = true;
    if (done) {
      const devPay = document.getElementById('dev-pay');
      if (devPay) devPay.disabled = true;
    }
  }

  async function refresh() {
    try {
      const response = await fetch(config.statusUrl + '?token=' + encodeURIComponent(config.token), { headers: { lang: config.langHeader }, credentials: 'omit', cache: 'no-store' });
      const envelope = await response.json();
      if (envelope.code !== 200) throw new Error(envelope.message);
      render(envelope.data);
    } catch (error) {
      if (!done) statusLine.textContent = config.texts.refreshFailed;
    }
    schedule();
  }

  // Every 4 s for ten minutes, then every 15 s; a page left open for two hours stops asking.
  function schedule() {
    clearTimeout(timer);
    const age = Date.now() - startedAt;
    if (done || age > 2 * 60 * 60 * 1000) return;
    timer = setTimeout(refresh, age < 10 * 60 * 1000 ? 4000 : 15000);
  }

  const devPay = document.getElementById('dev-pay');
  if (devPay && config.devPayUrl) {
    devPay.addEventListener('click', async () => {
      devPay.disabled = true;
      const label = devPay.textContent;
      devPay.textContent = config.texts.devPaying;
      try {
        await fetch(config.devPayUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ token: config.token }), credentials: 'omit' });
      } finally {
        devPay.textContent = label;
        await refresh();
        if (!done) devPay.disabled = false;
      }
    });
  }

  schedule();
})();
</script>`;
  return page(lang, view.nonce, texts.title, body, script);
}

/** The page for an unknown token. */
export function renderMissingPayPage(lang: Language, nonce: string): string {
  const texts = TEXTS[lang];
  return page(lang, nonce, texts.missingTitle, `<h1>${escapeHtml(texts.missingTitle)}</h1><section class="card"><p>${escapeHtml(texts.missingBody)}</p></section>`);
}

/** The page's Content-Security-Policy: only its own nonce-bearing script and style, calls to our origin. */
export function payPageCsp(nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}
