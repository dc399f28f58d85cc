import * as calls from './calls.ts';

export type { ContractSchemaName, Endpoint } from './endpoint.ts';

/** The endpoint table: every call the server answers, by name (calls.ts, one export per call). */
export const endpoints = calls;
export type EndpointName = keyof typeof endpoints;
