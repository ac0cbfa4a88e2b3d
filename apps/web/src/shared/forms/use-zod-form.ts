import { zodResolver } from '@hookform/resolvers/zod';
import { useCallback } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

export type SchemaLoader<T extends FieldValues> = () => Promise<z.ZodType<T, T>>;

/**
 * Sen's one form approach: react-hook-form driven by a zod schema built from the contract's rules.
 * A rule's message is a MessageKey; FormTextField translates it beside the field. Errors show on
 * submit, then follow the typing.
 *
 * The schema is loaded on demand (a dynamic import): zod is not part of a page's first paint. It
 * starts loading when a field first gets focus (`formProps`), so it is there by the first submit.
 */
export function useZodForm<T extends FieldValues>(loadSchema: SchemaLoader<T>, defaultValues: DefaultValues<T>) {
  const resolver: Resolver<T> = async (values, context, options) => (zodResolver(await loadSchema()) as Resolver<T>)(values, context, options);
  const form = useForm<T>({ resolver, defaultValues, mode: 'onSubmit', reValidateMode: 'onChange' });
  const onFocusCapture = useCallback(() => void loadSchema().catch(() => undefined), [loadSchema]);
  return Object.assign(form, { formProps: { onFocusCapture } });
}
