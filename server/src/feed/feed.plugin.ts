import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../lib/deps';

/** PLACEHOLDER (being written): registers the feed calls under /api/user. */
export const feedPlugin: FastifyPluginAsyncZod<FeatureDeps> = async () => {};
