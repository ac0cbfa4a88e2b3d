import { messages } from '@sen/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { vn } from './vn.ts';

describe('back-office locales', () => {
  const keys = (dictionary: object) => Object.keys(dictionary).sort();

  it('share one key set', () => {
    expect(keys(vn)).toEqual(keys(en));
  });

  it('have no empty text and keep the same placeholders in both languages', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of keys(en) as (keyof typeof en)[]) {
      expect(en[key].trim()).not.toBe('');
      expect(vn[key].trim()).not.toBe('');
      expect(placeholders(vn[key]), key).toEqual(placeholders(en[key]));
    }
  });

  it('say the request failures as the contract does', () => {
    for (const key of ['error.network', 'error.requestFailed'] as const) {
      expect(en[key]).toBe(messages.en[key]);
      expect(vn[key]).toBe(messages.vn[key]);
    }
  });

  it('write Vietnamese with its diacritics', () => {
    expect(vn['menu.audit']).toBe('Nhật ký kiểm toán');
    expect(vn['proposals.approve']).toBe('Phê duyệt');
  });
});
