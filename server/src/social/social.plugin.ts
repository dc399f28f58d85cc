import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../lib/deps';

/** PLACEHOLDER (being written): registers the social calls under /api/user. */
export const socialPlugin: FastifyPluginAsyncZod<FeatureDeps> = async () => {};
