/**
 * The account forms' rules: the contract's own schemas (the server parses the same ones), in their
 * form variant — the confirmations must be typed, and the borrower's phone is known. Loaded on
 * demand so zod is fetched with the first check, not with the page.
 */
export { addAccountFormSchema, bankBindFormSchema } from '@sen/contract';
