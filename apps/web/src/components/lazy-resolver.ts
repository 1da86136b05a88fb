import type { FieldValues, Resolver } from 'react-hook-form';
import type { ZodType } from 'zod';

/**
 * A react-hook-form resolver that fetches its zod schema (and zod, 24 kB gzipped) at the form's first check
 * rather than with the page (docs/decisions/web-bundle.md): a form draws without its checks, and checks
 * the same way once they are in. `load` imports the module that builds the schema.
 */
export function lazyZodResolver<T extends FieldValues>(load: () => Promise<ZodType<T, T>>): Resolver<T> {
  let resolver: Promise<Resolver<T>> | null = null;
  return async (values, context, options) => {
    resolver ??= Promise.all([load(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema) as Resolver<T>,
      (error: unknown) => {
        resolver = null; // fetched again at the next check
        throw error;
      },
    );
    return (await resolver)(values, context, options);
  };
}
