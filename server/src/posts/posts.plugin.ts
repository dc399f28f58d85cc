import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FeatureDeps } from '../lib/deps';

/** PLACEHOLDER (being written): registers the posts calls under /api/user. */
export const postsPlugin: FastifyPluginAsyncZod<FeatureDeps> = async () => {};
