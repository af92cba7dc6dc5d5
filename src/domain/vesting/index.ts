export * from './allocation';
export * from './dates';
export * from './schedule';
export * from './types';
