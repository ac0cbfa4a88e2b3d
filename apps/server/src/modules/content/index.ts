export { seedDemoActivities } from './demo-activities.ts';
