export { useOperatorList } from './operator-queries.ts';
