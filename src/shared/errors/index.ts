export * from './constants';
export * from './coded';
