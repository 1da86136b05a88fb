import type { ResolverOptions } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { lazyZodResolver } from './lazy-resolver.ts';

interface Values {
  name: string;
}
const schema: z.ZodType<Values, Values> = z.object({ name: z.string().min(1, 'required') });
const options: ResolverOptions<Values> = { fields: {}, shouldUseNativeValidation: false };

describe('lazyZodResolver', () => {
  it('checks as zodResolver does, fetching the schema once, at the first check', async () => {
    const load = vi.fn(async () => schema);
    const resolver = lazyZodResolver(load);
    expect(load).not.toHaveBeenCalled();
    const bad = await resolver({ name: '' }, undefined, options);
    expect(bad.errors.name?.message).toBe('required');
    const good = await resolver({ name: 'Ann' }, undefined, options);
    expect(good.values).toEqual({ name: 'Ann' });
    expect(good.errors).toEqual({});
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches again at the next check when the first fetch failed', async () => {
    const load = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(schema);
    const resolver = lazyZodResolver<Values>(load);
    await expect(resolver({ name: '' }, undefined, options)).rejects.toThrow('offline');
    const bad = await resolver({ name: '' }, undefined, options);
    expect(bad.errors.name?.message).toBe('required');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
