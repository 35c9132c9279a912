// drizzle-kit and the db client read the whole model from here.
export * from './reference';
export * from './institutions';
export * from './members';
export * from './member-transfers';
export * from './users';
export * from './auth';
export * from './money';
export * from './messaging';
export * from './sms-purchases';
export * from './approvals';
export * from './payments';
export * from './read-model';
export * from './participation';
export * from './read-model-rollups';
export * from './statement-sends';
export * from './unsent-cash';
