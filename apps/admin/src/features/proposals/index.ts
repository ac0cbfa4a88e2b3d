export { proposalKeys, useProposals } from './proposal-queries.ts';
export { ChangeTable } from './change-table.tsx';
export { flatten } from './changes.ts';
