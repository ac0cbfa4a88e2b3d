import { messages } from '@sen/contract';
import { describe, expect, it } from 'vitest';
import { en } from './en.ts';
import { vn } from './vn.ts';
import { zh } from './zh.ts';

describe('locales', () => {
  const keys = (dictionary: object) => Object.keys(dictionary).sort();

  it('share one key set', () => {
    expect(keys(vn)).toEqual(keys(en));
    expect(keys(zh)).toEqual(keys(en));
  });

  it('contain every contract message with the contract text', () => {
    for (const [key, text] of Object.entries(messages.en)) expect(en[key as keyof typeof en]).toBe(text);
    for (const [key, text] of Object.entries(messages.vn)) expect(vn[key as keyof typeof vn]).toBe(text);
    for (const [key, text] of Object.entries(messages.zh)) expect(zh[key as keyof typeof zh]).toBe(text);
  });

  it('have no empty text and keep the same placeholders in every language', () => {
    const placeholders = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort();
    for (const key of keys(en) as (keyof typeof en)[]) {
      for (const dictionary of [en, vn, zh]) expect(dictionary[key].trim()).not.toBe('');
      expect(placeholders(vn[key])).toEqual(placeholders(en[key]));
      expect(placeholders(zh[key])).toEqual(placeholders(en[key]));
    }
  });

  it('write Vietnamese with its diacritics', () => {
    expect(vn['login.forgot']).toBe('Quên mật khẩu?');
    expect(vn['splash.tagline']).toBe('An toàn & đáng tin cậy');
  });
});
