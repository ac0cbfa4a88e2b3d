import { Tag } from 'antd';
import type { ReactNode } from 'react';

export type Tone = 'success' | 'warning' | 'danger' | 'info' | 'brand' | 'neutral';

/**
 * Solid, dark backgrounds under white text: antd's preset tag colours (light tint, mid-tone text)
 * fall below WCAG AA contrast (axe: color-contrast). Neutral keeps antd's grey default.
 */
const TONE_COLOURS: Record<Exclude<Tone, 'neutral'>, string> = {
  success: '#237804',
  warning: '#874d00',
  danger: '#a8071a',
  info: '#0958d9',
  brand: '#0b6e70',
};

export function StatusTag({ tone, children }: { tone: Tone; children: ReactNode }) {
  return <Tag color={tone === 'neutral' ? undefined : TONE_COLOURS[tone]}>{children}</Tag>;
}
