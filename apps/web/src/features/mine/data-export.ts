import type { DataExport } from '@sen/contract';
import { vietnamDayOf } from '../../shared/i18n/format.ts';

/** `sen-personal-data-2026-11-22.json`: the file name of a data export, by its date. */
export function exportFileName(generatedAt: string): string {
  return `sen-personal-data-${vietnamDayOf(generatedAt)}.json`;
}

/** Hands the export to the browser as a JSON file download (no server round trip for the file). */
export function downloadExport(data: DataExport): void {
  const blob = new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = exportFileName(data.generatedAt);
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked after the click has been handled: the download keeps its own copy.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
