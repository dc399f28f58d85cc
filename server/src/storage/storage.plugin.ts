import type { FastifyPluginAsync } from 'fastify';
import type { Storage } from './storage';

/** PLACEHOLDER (being written): serves GET /storage/* from the storage module. */
export const storagePlugin: FastifyPluginAsync<{ storage: Storage }> = async () => {};
