export * from './money.ts';
export * from './rounding.ts';
export * from './interest.ts';
