export * from './money.ts';
export * from './rounding.ts';
export * from './interest.ts';
export * from './credit-engine.ts';
export * from './rate-cap.ts';
