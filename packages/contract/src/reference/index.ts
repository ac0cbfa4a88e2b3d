export * from './localized.ts';
export * from './operators.ts';
export * from './options.ts';
export * from './provinces.ts';
