import type { z } from 'zod';

type Schemas = typeof import('./schemas');

/** The name of a schema in schemas.ts: what an API call names to have its answer checked. */
export type SchemaName = { [K in keyof Schemas]: Schemas[K] extends z.ZodType ? K : never }[keyof Schemas];
/** The checked answer of the schema named N. */
export type SchemaOutput<N extends SchemaName> = z.output<Schemas[N]>;
/** What the schema named N accepts (a call's body as the app sends it). */
export type SchemaInput<N extends SchemaName> = z.input<Schemas[N]>;

let loading: Promise<Schemas> | undefined;
let loaded: Schemas | undefined;

/**
 * zod and the answers' schemas, loaded once, on first need rather than with the page (a sixth of
 * its script otherwise). A failed load is tried again by the next caller.
 */
export function loadSchemas(): Promise<Schemas> {
  loading ??= import('./schemas').then(
    (schemas) => (loaded = schemas),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** Runs `run` with the schemas: at once when they are loaded (as they are after the first call), else once they are. */
export function withSchemas(run: (schemas: Schemas) => void): void {
  if (loaded) run(loaded);
  else void loadSchemas().then(run, () => undefined);
}
