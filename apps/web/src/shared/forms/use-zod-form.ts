import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type Resolver } from 'react-hook-form';
import type { z } from 'zod';

/**
 * Sen's one form approach: react-hook-form driven by a zod schema built from the contract's rules.
 * A rule's message is a MessageKey; FormTextField translates it beside the field. Errors show on
 * submit, then follow the typing.
 */
export function useZodForm<T extends FieldValues>(schema: z.ZodType<T, T>, defaultValues: DefaultValues<T>) {
  return useForm<T>({
    resolver: zodResolver(schema) as Resolver<T>,
    defaultValues,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
}
