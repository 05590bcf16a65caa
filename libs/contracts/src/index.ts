export * from './errors';
export * from './polling';
export * from './debug';
export * from './routes';
export * from './fields';
export * from './accounts';
export * from './public-site';
export * from './insurers';
