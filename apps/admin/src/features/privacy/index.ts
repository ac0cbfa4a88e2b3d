export { DataRequestsDueCard } from './data-requests-due-card.tsx';
