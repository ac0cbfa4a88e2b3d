/** '10000000' → '10.000.000 ₫' (Vietnamese grouping with dots; non-digits stripped, SPEC.md §5). */
export function formatThousands(value: number | string, separator = '.'): string {
  const digits = String(value).replace(/\D/g, '');
  if (!digits) return '0';
  return digits.replace(/^0+(?=\d)/, '').replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

export function formatVnd(value: number | string): string {
  return `${formatThousands(value)} ₫`;
}
