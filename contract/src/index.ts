export * from './constants';
export * from './rules';
export * from './ids';
export * from './routes';
export * from './schemas/common';
export * from './schemas/auth';
export * from './schemas/users';
export * from './schemas/notifications';
