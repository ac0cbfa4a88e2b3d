import type { Language } from '@sen/contract';

const HTML_LANG: Record<Language, string> = { vn: 'vi', en: 'en', zh: 'zh' };

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/**
 * An agreement as a small, self-contained HTML page for the family's WebView (no script, no
 * outside resources): the title and the filled text, one paragraph per line, readable on a phone.
 */
export function agreementPage({ title, text, lang }: { title: string; text: string; lang: Language }): string {
  const paragraphs = text
    .split('\n')
    .map((line, index) => (index === 0 ? '' : line.trim() === '' ? '<hr>' : `<p>${escapeHtml(line)}</p>`))
    .join('\n');
  return `<!doctype html>
<html lang="${HTML_LANG[lang]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; padding: 20px 16px 40px; font: 15px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", sans-serif; color: #1f2329; background: #fff; }
  h1 { font-size: 18px; line-height: 1.4; margin: 0 0 16px; text-align: center; }
  p { margin: 0 0 8px; overflow-wrap: anywhere; }
  hr { border: 0; border-top: 1px solid #e5e6eb; margin: 16px 0; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
${paragraphs}
</main>
</body>
</html>`;
}
