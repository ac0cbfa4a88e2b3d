import type { FunnelReport } from '@sen/contract';

const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

/** The funnel as a fixed-width text table (the report script prints it). */
export function funnelTable(report: FunnelReport): string {
  const header = ['step', 'source', 'count', 'of previous', 'of first'];
  const rows = report.steps.map((step) => [step.label, step.source, String(step.count), percent(step.fromPrevious), percent(step.fromFirst)]);
  const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column >= 2 ? cell.padStart(widths[column]!) : cell.padEnd(widths[column]!))).join('  ');
  return [
    `Conversion funnel ${report.from} .. ${report.to} (Vietnam time)`,
    line(header),
    widths.map((width) => '-'.repeat(width)).join('  '),
    ...rows.map(line),
  ].join('\n');
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[char]!);
}

/**
 * The funnel as a horizontal bar chart (SVG, no dependencies): one bar per step, its length the
 * share of the largest step, labelled with the count and the share of the previous step; bars from
 * tracking events are lighter than bars from server facts.
 */
export function funnelSvg(report: FunnelReport): string {
  const width = 760;
  const labelWidth = 250;
  const barArea = width - labelWidth - 150;
  const rowHeight = 34;
  const top = 56;
  const height = top + report.steps.length * rowHeight + 40;
  const largest = Math.max(1, ...report.steps.map((step) => step.count));
  const bars = report.steps.map((step, index) => {
    const y = top + index * rowHeight;
    const length = Math.max(step.count > 0 ? 2 : 0, Math.round((step.count / largest) * barArea));
    const fill = step.source === 'server' ? '#0f766e' : '#5eead4';
    const note = index === 0 ? String(step.count) : `${step.count} (${percent(step.fromPrevious)})`;
    return [
      `<text x="${labelWidth - 10}" y="${y + 21}" text-anchor="end">${escapeXml(step.label)}</text>`,
      `<rect x="${labelWidth}" y="${y + 6}" width="${length}" height="22" rx="3" fill="${fill}"><title>${escapeXml(`${step.label}: ${step.count} (${step.source})`)}</title></rect>`,
      `<text x="${labelWidth + length + 8}" y="${y + 21}">${escapeXml(note)}</text>`,
    ].join('');
  });
  const legendY = height - 16;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="13" role="img" aria-label="Conversion funnel ${escapeXml(report.from)} to ${escapeXml(report.to)}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="16" y="30" font-size="17" font-weight="bold">Conversion funnel ${escapeXml(report.from)} .. ${escapeXml(report.to)}</text>`,
    ...bars,
    `<rect x="16" y="${legendY - 11}" width="12" height="12" fill="#0f766e"/><text x="34" y="${legendY}">server facts</text>`,
    `<rect x="140" y="${legendY - 11}" width="12" height="12" fill="#5eead4"/><text x="158" y="${legendY}">tracking events</text>`,
    '</svg>',
    '',
  ].join('\n');
}
